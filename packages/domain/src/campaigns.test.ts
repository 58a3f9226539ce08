import { describe, expect, it } from 'vitest';
import {
  campaignCreateSchema,
  campaignState,
  isCampaignWindowValid,
  parseDismissedCampaigns,
  undismissedCampaigns,
} from './campaigns.ts';

const at = (iso: string) => new Date(iso);

describe('campaignState', () => {
  const start = at('2026-03-01T10:00:00Z');
  const end = at('2026-03-08T10:00:00Z');

  it('is scheduled before the start, active from the start and ended from the end', () => {
    expect(campaignState(start, end, at('2026-03-01T09:59:59.999Z'))).toBe('scheduled');
    expect(campaignState(start, end, start)).toBe('active');
    expect(campaignState(start, end, at('2026-03-08T09:59:59.999Z'))).toBe('active');
    expect(campaignState(start, end, end)).toBe('ended');
  });

  it('stays active without an end', () => {
    expect(campaignState(start, null, at('2036-01-01T00:00:00Z'))).toBe('active');
  });
});

describe('isCampaignWindowValid', () => {
  it('takes no end or an end after the start, never one at or before it', () => {
    const start = at('2026-03-01T10:00:00Z');
    expect(isCampaignWindowValid(start, null)).toBe(true);
    expect(isCampaignWindowValid(start, at('2026-03-01T10:00:00.001Z'))).toBe(true);
    expect(isCampaignWindowValid(start, start)).toBe(false);
    expect(isCampaignWindowValid(start, at('2026-02-28T10:00:00Z'))).toBe(false);
  });
});

describe('the dismissed campaigns on the device', () => {
  it('leaves out the dismissed ones and keeps the server’s order', () => {
    const campaigns = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(undismissedCampaigns(campaigns, ['b'])).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(undismissedCampaigns(campaigns, ['a', 'b', 'c', 'gone'])).toEqual([]);
    expect(undismissedCampaigns(campaigns, [])).toEqual(campaigns);
  });

  it('reads a stored list, and anything else as no list', () => {
    expect(parseDismissedCampaigns('["a","b"]')).toEqual(['a', 'b']);
    expect(parseDismissedCampaigns('["a",7,null]')).toEqual(['a']);
    expect(parseDismissedCampaigns(null)).toEqual([]);
    expect(parseDismissedCampaigns('')).toEqual([]);
    expect(parseDismissedCampaigns('{"a":1}')).toEqual([]);
    expect(parseDismissedCampaigns('not json')).toEqual([]);
  });
});

describe('campaignCreateSchema', () => {
  const valid = {
    titleFo: 'Kaffi',
    titleEn: 'Coffee',
    contentFo: 'Ein koppur.\nOg ein annar.',
    contentEn: 'A cup.',
  };

  it('takes both languages, trims them and starts at position 0', () => {
    const parsed = campaignCreateSchema.parse({ ...valid, titleFo: '  Kaffi ' });
    expect(parsed).toMatchObject({ titleFo: 'Kaffi', position: 0 });
    expect(parsed.contentFo).toBe('Ein koppur.\nOg ein annar.');
  });

  it('requires every text, within its length, and refuses unknown fields', () => {
    const issues = (input: object) =>
      campaignCreateSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...valid, titleEn: undefined })).toEqual([['titleEn', 'validation.required']]);
    expect(issues({ ...valid, contentEn: '  ' })).toEqual([['contentEn', 'validation.required']]);
    expect(issues({ ...valid, titleFo: 'x'.repeat(81) })).toEqual([
      ['titleFo', 'validation.tooLong'],
    ]);
    expect(issues({ ...valid, contentFo: 'x'.repeat(1001) })).toEqual([
      ['contentFo', 'validation.tooLong'],
    ]);
    expect(issues({ ...valid, endsAt: '2026-13-01' })).toEqual([['endsAt', 'validation.invalid']]);
    expect(issues({ ...valid, extra: 1 })).toEqual([['', 'validation.unknownField']]);
  });
});
