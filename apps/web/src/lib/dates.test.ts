// Proves a picked calendar day becomes the right local range and that impossible days are refused.
import { describe, expect, it } from 'vitest';
import { describeTimeZone, formatDateTime, localDayEndMs, localDayStartMs } from './dates';

describe('local day range', () => {
  it('starts at local midnight and ends one millisecond before the next', () => {
    const start = localDayStartMs('2026-03-05')!;
    const end = localDayEndMs('2026-03-05')!;
    expect(new Date(start).getHours()).toBe(0);
    expect(new Date(start).getDate()).toBe(5);
    expect(new Date(end).getDate()).toBe(5);
    expect(new Date(end + 1).getDate()).toBe(6);
    expect(new Date(end + 1).getHours()).toBe(0);
  });

  it.each(['', '2026-02-30', '2026-13-01', '05/03/2026', '2026-3-5'])('refuses %j', (day) => {
    expect(localDayStartMs(day)).toBeNull();
    expect(localDayEndMs(day)).toBeNull();
  });

  it('formats to the second in the reader locale', () => {
    const ms = new Date(2026, 2, 5, 14, 7, 9).getTime();
    expect(formatDateTime(ms, 'en-US')).toContain('14:07:09');
    expect(formatDateTime(ms, 'zh-CN')).toContain('2026');
  });
});

describe('describeTimeZone', () => {
  const at = Date.UTC(2031, 0, 10, 12);
  it('words Asia/Shanghai in the reader language with its UTC offset', () => {
    expect(describeTimeZone('Asia/Shanghai', 'en-US', at)).toEqual({ name: 'China Standard Time', offset: 'UTC+08:00' });
    expect(describeTimeZone('Asia/Shanghai', 'zh-CN', at)).toEqual({ name: '中国标准时间', offset: 'UTC+08:00' });
    expect(describeTimeZone('Asia/Shanghai', 'id-ID', at).offset).toBe('UTC+08:00');
    expect(describeTimeZone('Asia/Shanghai', 'ja-JP', at).name).not.toContain('Asia/');
  });
  it('gives UTC as an offset and never throws on an unknown zone', () => {
    expect(describeTimeZone('UTC', 'en-US', at).offset).toBe('UTC+00:00');
    expect(describeTimeZone('Not/AZone', 'en-US', at)).toEqual({ name: 'UTC+00:00', offset: 'UTC+00:00' });
  });
});
