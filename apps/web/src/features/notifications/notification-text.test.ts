// Proves a notification's amount keeps its decimals in every shipped language's signs.
import { describe, expect, it } from 'vitest';
import type { NotificationEntry } from '@pp/contract';
import { notificationParams } from './notification-text';

const entry = (amount: string): NotificationEntry =>
  ({ id: 'n1', type: 'depositCredited', params: { amount, coinName: 'USDT', number: 'D1' }, isRead: false, createdAt: 0 }) as NotificationEntry;

describe('notificationParams', () => {
  it('keeps two places for a whole amount and every place a finer one uses', () => {
    expect(notificationParams(entry('100.000000'), 'en-US').amount).toBe('100.00');
    expect(notificationParams(entry('100.500000'), 'en-US').amount).toBe('100.50');
    expect(notificationParams(entry('0.125000'), 'zh-CN').amount).toBe('0.125');
    expect(notificationParams(entry('12345.670000'), 'id-ID').amount).toBe('12.345,67');
  });

  it('leaves the other parameters as strings', () => {
    expect(notificationParams(entry('1.000000'), 'ja-JP')).toMatchObject({ coinName: 'USDT', number: 'D1' });
  });
});
