import { formatCommentCount, formatReplyCount } from '@/lib/format/format-count';

describe('formatReplyCount', () => {
  it('keeps counts up to 9999 exact', () => {
    expect(formatReplyCount(0)).toBe('0');
    expect(formatReplyCount(9999)).toBe('9999');
  });

  it('abbreviates above 9999 with a capital K', () => {
    expect(formatReplyCount(10_000)).toBe('10K');
    expect(formatReplyCount(12_345)).toBe('12.3K');
  });
});

describe('formatCommentCount', () => {
  it('keeps counts below 10000 exact', () => {
    expect(formatCommentCount(9999)).toBe('9999');
  });

  it('abbreviates at 10000 or more with a small k', () => {
    expect(formatCommentCount(10_000)).toBe('10k');
    expect(formatCommentCount(10_950)).toBe('10.9k');
  });

  it('truncates rather than rounds up, and drops the decimal from 100k on', () => {
    expect(formatCommentCount(19_999)).toBe('19.9k');
    expect(formatCommentCount(150_780)).toBe('150k');
  });
});
