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
{"fields":[{"name":"camelCase","label":{"zh-cn":"…","zh-tw":"…","en":"…"},"type":"string|text|richtext|integer|number|money|boolean|date|datetime|image|json","required":true,"length":100,"search":"keyword|eq|range","dict":"<dictionary key>","ref":{"entity":"<prefix>","label":"<field>"},"default":1,"unique":true}]}
Rules: names are camelCase ASCII starting with a lower-case letter; never id, createTime, updateTime; money is integer cents; at most 40 fields.
search "range" suits integer, number, money, date and datetime fields (from–to); "keyword" suits text; "eq" suits codes and dictionary fields.
A field that points to a record of an existing entity is {"name":"<thing>Id","type":"integer","ref":{"entity":"<its prefix>","label":"<its field to show>"}}.
A field whose values are those of an existing dictionary is {"type":"string" or "integer" as its values are,"dict":"<its key>"}.
Use only the entities and dictionaries listed below; leave out ref and dict when none fits.`;

/** What the server already has, so the model can relate a new entity to it (refs) and reuse its dictionaries. */
export type LlmContext = {
  entities: { prefix: string; title: string; fields: string[] }[];
  dicts: { key: string; name: string; values: (string | number)[] }[];
};

/** The context as a message, at most about 12,000 characters (the first entities and dictionaries). */
export function contextMessage(context: LlmContext): string {
  const lines = ['Existing entities (prefix: title — fields):'];
  for (const e of context.entities) lines.push(`- ${e.prefix}: ${e.title} — ${e.fields.slice(0, 30).join(', ')}`);
  lines.push('Existing dictionaries (key: name — values):');
  for (const d of context.dicts) lines.push(`- ${d.key}: ${d.name} — ${d.values.slice(0, 20).join(', ')}`);
  let text = '';
  for (const line of lines) {
    if (text.length + line.length > 12000) break;
    text += `${line}\n`;
  }
  return text;
}

/**
 * Drafts a field list from a sentence. The reply is never trusted: it must be JSON of the expected shape, and the
 * fields pass the same checks as any proposal (names, types, reserved words, sizes) or the draft is refused with the reason.
 */
export async function draftFieldsFromSentence(
  sentence: string,
  config: LlmConfig,
  module = 'draft',
  name = 'draft',
  context?: LlmContext,
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
          ...(context ? [{ role: 'system', content: contextMessage(context) }] : []),
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
