import { profilePictureSrc } from '@/lib/client/profile-picture';

describe('profilePictureSrc', () => {
  it('adds https:// to a stored host-relative address', () => {
    expect(profilePictureSrc('cdn.example.com/u/1.png')).toBe('https://cdn.example.com/u/1.png');
  });

  it('keeps addresses that already say where they live', () => {
    expect(profilePictureSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(profilePictureSrc('/storage/a.png')).toBe('/storage/a.png');
    expect(profilePictureSrc('blob:http://localhost:3000/x')).toBe('blob:http://localhost:3000/x');
  });

  it('gives nothing for a missing picture', () => {
    expect(profilePictureSrc(null)).toBeNull();
    expect(profilePictureSrc('  ')).toBeNull();
  });
});
