// The help centre end to end: the demo FAQ in each language cut into its questions; a staff edit
// with hostile markup comes back as plain questions and sanitized answers; the chat's support
// hours and reply time follow the settings.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, type HelpCentre } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { demoHelpCentre, demoHelpQuestionCount } from '../../../demo/help-centre.ts';

describe.each(dialects)('help centre on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterAll(async () => t.close());

  it('answers each language its own FAQ, one entry per question, to anyone', async () => {
    for (const lang of languages) {
      t.client.lang = lang;
      const help = await t.client.call<HelpCentre>('helpCentre', {});
      expect(help.code, help.message).toBe(20000);
      expect(help.data).toMatchObject({ lang, title: demoHelpCentre(lang).title });
      expect(help.data!.entries).toHaveLength(demoHelpQuestionCount);
      expect(help.data!.introHtml).toMatch(/^<p>/);
      for (const entry of help.data!.entries) {
        expect(entry.question).not.toMatch(/[<>]/);
        expect(entry.answerText.length).toBeGreaterThan(10);
      }
    }
    t.client.lang = 'en-US';
  });

  it('cuts a staff edit into plain questions and sanitized answers', async () => {
    const published = await admin.call('documentPublish', {
      kind: 'helpCentre',
      lang: 'en-US',
      baseVersion: 1,
      title: 'Help',
      body: '<h2 onclick="x()">Is <em>this</em> &amp; that safe?</h2><p>Yes<script>alert(1)</script></p><img src=x onerror=alert(1)><h3>Second</h3><p><a href="javascript:alert(1)">no</a></p>',
    });
    expect(published.code, published.message).toBe(20000);
    const help = await t.client.call<HelpCentre>('helpCentre', {});
    expect(help.data!.entries).toEqual([
      { id: 'q1', question: 'Is this & that safe?', answerHtml: '<p>Yes</p>', answerText: 'Yes' },
      { id: 'q2', question: 'Second', answerHtml: '<p><a>no</a></p>', answerText: 'no' },
    ]);
  });

  it('tells the chat when staff answer and how soon, as staff set it', async () => {
    t.client.token = await login(t, 'demo', 'Demo@12345');
    const before = await t.client.call<{ hours: unknown; typicalReplyMinutes: number }>('supportConfig', {});
    expect(before.data).toMatchObject({ hours: { from: '09:00', to: '21:00', timeZone: 'Asia/Shanghai' }, typicalReplyMinutes: 30 });
    for (const [key, value] of [
      ['support.typicalReplyMinutes', 120],
      ['support.hours', { from: '08:30', to: '20:00', timeZone: 'Asia/Jakarta' }],
    ] as const) {
      const changed = await admin.call('configUpdate', { requestId: crypto.randomUUID(), key, value, reason: 'new support rota' });
      expect(changed.code, changed.message).toBe(20000);
    }
    const bad = await admin.call('configUpdate', {
      requestId: crypto.randomUUID(),
      key: 'support.hours',
      value: { from: '25:00', to: '20:00', timeZone: 'Mars/Base' },
      reason: 'typo',
    });
    expect(bad.code).not.toBe(20000);
    expect(bad.status).toBeLessThan(500);
    const after = await t.client.call('supportConfig', {});
    expect(after.data).toMatchObject({ hours: { from: '08:30', to: '20:00', timeZone: 'Asia/Jakarta' }, typicalReplyMinutes: 120 });
  });
});
