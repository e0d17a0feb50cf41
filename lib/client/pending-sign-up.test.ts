import { parsePendingSignUp } from '@/lib/client/pending-sign-up';

describe('parsePendingSignUp', () => {
  it('reads back the account sign-up stored', () => {
    expect(parsePendingSignUp(JSON.stringify({ firebaseUID: 'abc', email: 'fan@takes.test' }))).toEqual({
      firebaseUID: 'abc',
      email: 'fan@takes.test',
    });
  });

  it('keeps only the two fields it knows', () => {
    expect(parsePendingSignUp(JSON.stringify({ firebaseUID: 'abc', email: '', admin: true }))).toEqual({ firebaseUID: 'abc', email: '' });
  });

  it('hands nothing over for a value it did not write', () => {
    expect(parsePendingSignUp(null)).toBeNull();
    expect(parsePendingSignUp('not json')).toBeNull();
    expect(parsePendingSignUp(JSON.stringify({ firebaseUID: '', email: 'fan@takes.test' }))).toBeNull();
    expect(parsePendingSignUp(JSON.stringify({ firebaseUID: 7, email: 'fan@takes.test' }))).toBeNull();
    expect(parsePendingSignUp(JSON.stringify(['abc']))).toBeNull();
  });
});
