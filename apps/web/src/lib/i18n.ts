import { messages, type MessageKey, type Messages } from '@/messages/default';

/** The names of the `{placeholders}` in a message, as a union of string literals. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type MessageParams<K extends MessageKey> = Record<
  Placeholders<Messages[K]>,
  string | number
>;

type ParamsArg<K extends MessageKey> = [Placeholders<Messages[K]>] extends [never]
  ? []
  : [params: MessageParams<K>];

/** Translates a message key, filling its `{name}` placeholders. Unknown placeholders stay visible. */
export function t<K extends MessageKey>(key: K, ...args: ParamsArg<K>): string {
  const template: string = messages[key];
  const params = args[0] as Record<string, string | number> | undefined;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}
