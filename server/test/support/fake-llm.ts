import http from 'node:http';

/** What the fake model says to a request: `content` as its message, `raw` as the whole reply body, or nothing (`silent`). */
export type FakeAnswer = { content: string } | { raw: string } | { silent: true };
/** What the fake model was asked: path, bearer, model and the user's words (their messages joined). */
export type FakeLlmRequest = { url?: string; authorization?: string; model: string; sentence: string; system: string };

/**
 * A fake OpenAI-compatible chat endpoint (the one third-party service that cannot run here), for the AI-code tests of
 * the server (vitest) and of the page (Playwright): each request is recorded and answered by `answer`.
 */
export function fakeLlm(answer: (request: FakeLlmRequest) => FakeAnswer) {
  const seen: FakeLlmRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const asked = {
        url: req.url,
        authorization: req.headers.authorization,
        model: request.model,
        sentence: request.messages
          .filter((m) => m.role === 'user')
          .map((m) => m.content)
          .join('\n'),
        system: request.messages
          .filter((m) => m.role === 'system')
          .map((m) => m.content)
          .join('\n'),
      };
      seen.push(asked);
      const said = answer(asked);
      if ('silent' in said) return;
      res.setHeader('content-type', 'application/json');
      res.end(
        'raw' in said
          ? said.raw
          : JSON.stringify({ choices: [{ message: { role: 'assistant', content: said.content } }] }),
      );
    });
  });
  return { server, seen };
}
