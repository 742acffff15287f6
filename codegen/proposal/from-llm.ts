import { ProposalError, type ProposalField } from './proposal-types.js';
import { checkProposal } from './proposal-to-schema.js';

/** An OpenAI-compatible chat endpoint (JOINERY_LLM_URL = base URL such as https://api.openai.com/v1, JOINERY_LLM_KEY, JOINERY_LLM_MODEL). */
export type LlmConfig = { url: string; key?: string; model: string; timeoutMs?: number };

/** The LLM settings from the environment, or undefined when none is configured (the offline inputs still work). */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | undefined {
  if (!env.JOINERY_LLM_URL || !env.JOINERY_LLM_MODEL) return undefined;
  return {
    url: env.JOINERY_LLM_URL,
    key: env.JOINERY_LLM_KEY,
    model: env.JOINERY_LLM_MODEL,
    timeoutMs: Number(env.JOINERY_LLM_TIMEOUT_MS) || 30_000,
  };
}

const MAX_SENTENCE = 2000;
const MAX_REPLY = 200_000;

const INSTRUCTIONS = `You draft database entities for a back-office console. Reply with one JSON object and nothing else:
{"fields":[{"name":"camelCase","label":{"zh-cn":"…","zh-tw":"…","en":"…"},"type":"string|text|richtext|integer|number|money|boolean|date|datetime|image|json","required":true,"length":100,"search":"keyword|eq|range"}]}
Rules: names are camelCase ASCII starting with a lower-case letter; never id, createTime, updateTime; money is integer cents; at most 40 fields.`;

/**
 * Drafts a field list from a sentence. The reply is never trusted: it must be JSON of the expected shape, and the
 * fields pass the same checks as any proposal (names, types, reserved words, sizes) or the draft is refused with the reason.
 */
export async function draftFieldsFromSentence(
  sentence: string,
  config: LlmConfig,
  module = 'draft',
  name = 'draft',
): Promise<ProposalField[]> {
  if (typeof sentence !== 'string' || !sentence.trim())
    throw new ProposalError([{ path: 'sentence', message: 'describe the entity in a sentence' }]);
  if (sentence.length > MAX_SENTENCE)
    throw new ProposalError([{ path: 'sentence', message: `is longer than ${MAX_SENTENCE} characters` }]);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 30_000);
  let text: string;
  try {
    const res = await fetch(`${config.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: sentence },
        ],
      }),
    });
    if (!res.ok)
      throw new ProposalError([{ path: 'sentence', message: `the language model answered HTTP ${res.status}` }]);
    text = await res.text();
  } catch (e) {
    if (e instanceof ProposalError) throw e;
    const reason = controller.signal.aborted
      ? `did not answer within ${Math.round((config.timeoutMs ?? 30_000) / 1000)} s`
      : 'could not be reached';
    throw new ProposalError([{ path: 'sentence', message: `the language model ${reason}` }]);
  } finally {
    clearTimeout(timer);
  }
  if (text.length > MAX_REPLY)
    throw new ProposalError([{ path: 'sentence', message: 'the language model replied with too much text' }]);
  let content: unknown;
  try {
    const envelope = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
    content = envelope.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('no message content');
    content = JSON.parse(replyJson(content));
  } catch (e) {
    throw new ProposalError([
      { path: 'sentence', message: `the language model's reply is not the JSON asked for (${(e as Error).message})` },
    ]);
  }
  const fields = (content as { fields?: unknown })?.fields;
  const issues = checkProposal({ module, name, fields });
  if (issues.length)
    throw new ProposalError(issues.map((i) => ({ path: i.path, message: `the draft was refused: ${i.message}` })));
  return fields as ProposalField[];
}

/**
 * The JSON of a chat reply: the whole reply, or the first fenced block in it (models often say a sentence before or
 * after the block). Never more: a reply without valid JSON there is refused.
 */
function replyJson(content: string): string {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/.exec(content);
  return fenced ? fenced[1] : content;
}
