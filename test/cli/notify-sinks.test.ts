// `netdeck notify test URL` against local HTTP servers playing each notification service
// on loopback (issue 35, item 2): the request each sink builds, field by field, as the
// service's documentation shows it (each assertion cites the page); and a delivery that
// fails (an error answer, a slow server, a redirect, a huge body) retried as it should be
// while the other sinks are served at once. Times and retries run on a manual clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { ManualClock } from '../../src/clock.ts';
import { type FakeService, ok, startFakeService } from './fake-services.ts';
import { configHome, eventually, type Run, run } from './harness.ts';

let service: FakeService;
let home: ReturnType<typeof configHome>;
beforeAll(async () => {
  service = await startFakeService();
  home = configHome();
});
afterAll(async () => {
  await service.close();
  home.dir.cleanup();
});
beforeEach(() => {
  service.received.length = 0;
  service.answer(ok);
});

/**
 * A manual clock that counts the waits begun on it. A try's request reaches the service a
 * moment before netdeck reads its answer and starts waiting: time moved in between would
 * start the wait later than the test counts (on CI the second try never came).
 */
class WaitCountingClock extends ManualClock {
  waits = 0;
  override sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.waits++;
    return super.sleep(ms, signal);
  }
}

/** `netdeck notify test URL...` on a manual clock (no timer of its fires unless a test moves it). */
function notifyTest(urls: string[], clock = new ManualClock()): Promise<Run> {
  return run(['notify', 'test', ...urls], { env: home.env, deps: { clock } });
}

/** The one request the service got, checked to be a JSON POST to `path`. */
function onlyRequest(path: string) {
  expect(service.received).toHaveLength(1);
  const [request] = service.received;
  expect(request.method).toBe('POST');
  expect(request.url).toBe(path);
  expect(request.headers['content-type']).toBe('application/json');
  return request;
}

describe('the request each sink sends (notify test)', () => {
  it('ntfy: JSON to the root URL, the topic, title, message, priority 5 and a tag for a critical event, the access token as Bearer', async () => {
    const result = await notifyTest([
      `ntfy://:tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2@127.0.0.1:${service.port}/phil_alerts?scheme=http`,
    ]);
    expect(result.code, result.stderr).toBe(ExitCode.ok);
    expect(result.stdout).toBe(`sent to ntfy://***@127.0.0.1:${service.port}/***?scheme=http\n`);
    // https://docs.ntfy.sh/publish/#publish-as-json: "PUT/POST the JSON object directly to
    // the ntfy root URL", the example `POST /` with {"topic", "message", "title", "tags", "priority"}.
    const { json, headers } = onlyRequest('/');
    expect(json).toMatchObject({ topic: 'phil_alerts', title: 'netdeck: notify test' });
    expect(json?.message).toMatch(/^a test from netdeck notify test/);
    // https://docs.ntfy.sh/publish/#message-priority: 5 is max/urgent; #tags-emojis: `rotating_light` is an emoji tag.
    expect(json).toMatchObject({ priority: 5, tags: ['rotating_light'] });
    // https://docs.ntfy.sh/publish/#access-tokens: "Authorization: Bearer tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2".
    expect(headers.authorization).toBe('Bearer tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2');
  });

  it('Discord: the webhook path, one embed with the severity as its colour, no mention parsed', async () => {
    const url = `discord://W3dE2OZz4C13_4z_uHfDOoC7BqTW288s-z1ykqI0iJnY@693853386302554172?base=${service.origin}`;
    expect((await notifyTest([url])).code).toBe(ExitCode.ok);
    // https://discord.com/developers/docs/resources/webhook#execute-webhook: POST /webhooks/{webhook.id}/{webhook.token}
    // (https://discord.com/developers/docs/reference#api-reference-base-url: under https://discord.com/api).
    const { json } = onlyRequest(
      '/api/webhooks/693853386302554172/W3dE2OZz4C13_4z_uHfDOoC7BqTW288s-z1ykqI0iJnY',
    );
    // The page gives no example request: its JSON params table has `embeds` ("array of up to 10
    // embed objects") and `allowed_mentions`; https://discord.com/developers/docs/resources/message#embed-object
    // has `title`, `description`, `timestamp` (ISO8601) and `color` (an integer);
    // #allowed-mentions-object: `parse: []` parses no mention.
    const [embed] = json!.embeds as Record<string, unknown>[];
    expect(embed).toMatchObject({ title: 'netdeck: notify test', color: 0xd60510 });
    expect(embed.description).toMatch(/^a test from netdeck notify test/);
    expect(Date.parse(embed.timestamp as string)).toBe(ManualClock.EPOCH);
    expect(json?.allowed_mentions).toEqual({ parse: [] });
  });

  it('Slack: the incoming webhook of the token, `text` and an attachment coloured `danger`', async () => {
    const url = `slack://hook:WNA3PBYV6-F20DUQND3RQ-Webc4MAvoacrpPakR8phF0zi@webhook?base=${service.origin}`;
    expect((await notifyTest([url])).code).toBe(ExitCode.ok);
    // https://api.slack.com/messaging/webhooks: "POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    // "Content-type: application/json", body {"text": "Hello, world."}.
    const { json, headers } = onlyRequest('/services/WNA3PBYV6/F20DUQND3RQ/Webc4MAvoacrpPakR8phF0zi');
    expect(json?.text).toBe('netdeck: notify test');
    expect(headers.authorization).toBeUndefined();
    // https://api.slack.com/reference/messaging/attachments: `color` is good, warning, danger
    // or a hex code (the example "#36a64f"), beside the attachment's `text`.
    const [attachment] = json!.attachments as Record<string, unknown>[];
    expect(attachment.color).toBe('danger');
    expect(attachment.text).toMatch(/^a test from netdeck notify test/);
  });

  it('Slack with a bot token: chat.postMessage to the channel, the token as Bearer', async () => {
    const url = `slack://xoxb:123456789012-1234567890123-4mt0t4l1YL3g1T5L4cK70k3N@C001CH4NN3L?base=${service.origin}`;
    expect((await notifyTest([url])).code).toBe(ExitCode.ok);
    // https://api.slack.com/methods/chat.postMessage: POST https://slack.com/api/chat.postMessage,
    // "Authorization: Bearer xoxb-…", arguments `channel` and `text` (JSON, application/json).
    const { json, headers } = onlyRequest('/api/chat.postMessage');
    expect(headers.authorization).toBe('Bearer xoxb-123456789012-1234567890123-4mt0t4l1YL3g1T5L4cK70k3N');
    expect(json).toMatchObject({ channel: 'C001CH4NN3L', text: 'netdeck: notify test' });
  });

  it('Telegram: sendMessage of the bot per chat, the text in HTML, a topic thread', async () => {
    const url = `telegram://110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw@telegram?chats=@netdeck_ops,-1001234567890:42&base=${service.origin}`;
    expect((await notifyTest([url])).code).toBe(ExitCode.ok);
    // https://core.telegram.org/bots/api#making-requests: "https://api.telegram.org/bot<token>/METHOD_NAME"
    // (the page's token example is 123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11).
    expect(service.received.map((r) => r.url)).toEqual([
      '/bot110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage',
      '/bot110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage',
    ]);
    const [channel, topic] = service.received.map((r) => r.json!);
    // https://core.telegram.org/bots/api#sendmessage (no example request: its parameter table):
    // `chat_id` "Integer or String", `message_thread_id`, `text`, `parse_mode`, `disable_notification`.
    expect(channel).toMatchObject({
      chat_id: '@netdeck_ops',
      parse_mode: 'HTML',
      disable_notification: false,
    });
    expect(topic).toMatchObject({ chat_id: -1001234567890, message_thread_id: 42 });
    // https://core.telegram.org/bots/api#html-style: <b>bold</b>.
    expect(channel.text).toMatch(/^🚨 <b>netdeck: notify test<\/b>\na test from netdeck notify test/);
  });

  it('Gotify: POST /message under the subpath, the token in X-Gotify-Key and not in the URL, priority 8', async () => {
    const url = `gotify://127.0.0.1:${service.port}/gotify/AzyoeNS.D4iJLVa?disabletls=yes`;
    expect((await notifyTest([url])).code).toBe(ExitCode.ok);
    // https://gotify.net/docs/more-pushmsg (Python): requests.post('http://localhost:8008/message',
    // headers={"X-Gotify-Key": "<apptoken>"}, json={"message", "priority", "title"}).
    const { json, headers } = onlyRequest('/gotify/message');
    expect(headers['x-gotify-key']).toBe('AzyoeNS.D4iJLVa');
    expect(json).toMatchObject({ title: 'netdeck: notify test', priority: 8 });
    expect(json?.message).toMatch(/^a test from netdeck notify test/);
  });

  it('a generic webhook: the notice as JSON with its event; with template=json, {title, message} and the fields and headers asked', async () => {
    expect((await notifyTest([`generic+http://127.0.0.1:${service.port}/hooks/netdeck?key=abc`])).code).toBe(
      ExitCode.ok,
    );
    // No service to cite: shoutrrr's generic docs (docs/services/generic.md) say a query of
    // generic+https:// is forwarded; netdeck's body is JSON (docs/operators.md says how it differs).
    const { json } = onlyRequest('/hooks/netdeck?key=abc');
    expect(json).toMatchObject({ type: 'test', severity: 'critical', title: 'netdeck: notify test' });
    expect((json!.events as Record<string, unknown>[])[0]).toMatchObject({ type: 'provider_disconnected' });

    service.received.length = 0;
    const templated = `generic://127.0.0.1:${service.port}/hook?disabletls=yes&template=json&messagekey=text&$projection=retroazimuthal&@Authorization=Bearer%20s3cret`;
    expect((await notifyTest([templated])).code).toBe(ExitCode.ok);
    // shoutrrr's generic docs: template=json gives {"title", "message"} (keys renamed by
    // titleKey and messageKey), `$key=value` adds a field, `@key=value` a header.
    const request = onlyRequest('/hook');
    expect(request.json).toEqual({
      title: 'netdeck: notify test',
      text: expect.stringMatching(/^a test from netdeck notify test/),
      projection: 'retroazimuthal',
    });
    expect(request.headers.authorization).toBe('Bearer s3cret');
  });
});

describe('a delivery that fails', () => {
  it('is retried after a 5xx with growing waits, or the Retry-After asked, while the other sink is served at once', async () => {
    const other = await startFakeService();
    try {
      const clock = new WaitCountingClock();
      // 503, then 429 asking for 7 s, then 200.
      service.answer((res, _request, n) => {
        if (n === 0) res.writeHead(503).end();
        else if (n === 1) res.writeHead(429, { 'retry-after': '7' }).end();
        else ok(res, _request, n);
      });
      const done = notifyTest(
        [
          `ntfy://127.0.0.1:${service.port}/flaky?scheme=http`,
          `ntfy://127.0.0.1:${other.port}/fine?scheme=http`,
        ],
        clock,
      );
      await eventually(() => other.received.length === 1 && service.received.length === 1, 'the first tries');
      await eventually(() => clock.waits === 1, 'the wait after the 503');
      // The first wait is 2 s (up to a fifth more): no second try before it.
      await clock.advance(1_900);
      expect(service.received).toHaveLength(1);
      await clock.advance(600);
      await eventually(() => service.received.length === 2, 'the second try');
      await eventually(() => clock.waits === 2, 'the wait after the 429');
      // The 429 (answered at 2 to 2.4 s) asked for 7 s.
      await clock.advance(6_400);
      expect(service.received).toHaveLength(2);
      await clock.advance(700);
      await eventually(() => service.received.length === 3, 'the third try');
      const result = await done;
      expect(result.code, result.stderr).toBe(ExitCode.ok);
      expect(other.received).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a slow answer, a redirect or a huge body changes nothing for the others; each failure is said with its URL masked', async () => {
    const [slow, moved, huge, fine, elsewhere] = await Promise.all(
      Array.from({ length: 5 }, () => startFakeService()),
    );
    try {
      slow.answer(() => {});
      moved.answer((res) => res.writeHead(302, { location: `${elsewhere.origin}/stolen` }).end());
      // 500 with 8 MB: read no further than a few KB.
      huge.answer((res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(`{"error":"${'x'.repeat(8 * 1024 * 1024)}"}`);
      });
      const clock = new ManualClock();
      const url = (service: FakeService, topic: string) =>
        `ntfy://user:hunter2@127.0.0.1:${service.port}/${topic}?scheme=http`;
      const done = notifyTest(
        [
          url(slow, 'slow-topic'),
          url(moved, 'moved-topic'),
          url(huge, 'huge-topic'),
          url(fine, 'fine-topic'),
        ],
        clock,
      );
      await eventually(() => fine.received.length === 1, 'the one that answers');
      expect(slow.received).toHaveLength(1);
      let result: Run | undefined;
      void done.then((finished) => {
        result = finished;
      });
      // Four tries of 10 s each for the slow one, 2 + 4 + 8 s between them (each up to a fifth more).
      for (let second = 0; second < 90 && !result; second++) {
        await clock.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await eventually(() => result !== undefined, 'notify test to end');
      expect(result!.code).toBe(ExitCode.failure);
      expect(slow.received).toHaveLength(4);
      expect(moved.received).toHaveLength(1);
      expect(elsewhere.received).toHaveLength(0);
      expect(huge.received).toHaveLength(4);
      expect(fine.received).toHaveLength(1);
      const { stderr, stdout } = result!;
      expect(stderr).toContain(
        `to ntfy://***@127.0.0.1:${slow.port}/***?scheme=http: no answer within 10 s (4 tries)`,
      );
      expect(stderr).toContain(
        `to ntfy://***@127.0.0.1:${moved.port}/***?scheme=http: answered 302, a redirect (not followed) (1 try)`,
      );
      expect(stderr).toContain(
        `to ntfy://***@127.0.0.1:${huge.port}/***?scheme=http: answered 500 (4 tries)`,
      );
      expect(stdout).toContain(`sent to ntfy://***@127.0.0.1:${fine.port}/***?scheme=http`);
      for (const secret of ['hunter2', 'slow-topic', 'moved-topic', 'huge-topic', 'fine-topic'])
        expect(stderr + stdout).not.toContain(secret);
    } finally {
      await Promise.all([slow, moved, huge, fine, elsewhere].map((s) => s.close()));
    }
  });
});
