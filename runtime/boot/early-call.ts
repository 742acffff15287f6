/*
 * Calls started before the console asks for them (engine/early-calls.ts says who starts which and who takes them):
 * what one is, how it is named, and how its reply is read — pure, for index.html's boot script and the app alike.
 */

/**
 * A call under way: the token and language it was sent with, when it started, its response, and — once someone has
 * read it — the response's body (a body is read once: whoever reads it second gets the same JSON, the same objects).
 */
export type EarlyCall = {
  token: string;
  language: string;
  at: number;
  response: Promise<Response>;
  body?: Promise<unknown>;
};

declare global {
  interface Window {
    __joineryEarlyCalls?: Record<string, EarlyCall>;
  }
}

/**
 * The name of a call among the early ones: a GET by its path and query, a POST by its path and the JSON text of its
 * body (index.html names the calls it starts the same way).
 */
export function earlyKey(method: 'GET' | 'POST', url: string, body?: string): string {
  return method === 'GET' ? url : `POST ${url}\n${body ?? ''}`;
}

/** A reply's body: its JSON, or undefined when it is empty or not JSON (a proxy's error page, plain text). */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The body of an early call's reply, read once for every reader (rejects as the call does). */
export function earlyBody(call: EarlyCall): Promise<unknown> {
  call.body ??= call.response.then(readBody);
  return call.body;
}
