/**
 * JSON as Redpanda's Schema Registry reads and writes it (rapidjson): objects keep their members in
 * the order written (duplicates included), numbers keep what they are (an integer stays an
 * integer), and the writer is compact (no whitespace). `JSON.parse` cannot stand in: it reorders
 * integer-like keys and turns `1.0` into `1`.
 */

export type JsonNode =
  | { kind: "object"; members: [string, JsonNode][] }
  | { kind: "array"; items: JsonNode[] }
  | { kind: "string"; value: string }
  | { kind: "number"; text: string }
  | { kind: "literal"; text: "true" | "false" | "null" };

/**
 * Parses one JSON value; what follows it is ignored, as with rapidjson's kParseStopWhenDoneFlag.
 * Throws an Error naming the offset of the first problem.
 */
export function parseJson(text: string): JsonNode {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${i}`);
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const expect = (c: string) => {
    ws();
    if (text[i] !== c) fail(`expected '${c}'`);
    i++;
  };
  const str = (): string => {
    ws();
    if (text[i] !== '"') fail("expected a string");
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail("unterminated string");
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail("invalid string");
    }
  };
  const value = (depth: number): JsonNode => {
    if (depth > 512) fail("nesting too deep");
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const members: [string, JsonNode][] = [];
      ws();
      if (text[i] === "}") {
        i++;
        return { kind: "object", members };
      }
      for (;;) {
        const key = str();
        expect(":");
        members.push([key, value(depth + 1)]);
        ws();
        const next = text[i++];
        if (next === "}") return { kind: "object", members };
        if (next !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return { kind: "array", items };
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        const next = text[i++];
        if (next === "]") return { kind: "array", items };
        if (next !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return { kind: "string", value: str() };
    const m = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 1100),
    );
    if (!m) return fail("invalid value");
    i += m[0].length;
    if (m[0] === "true" || m[0] === "false" || m[0] === "null")
      return { kind: "literal", text: m[0] };
    return { kind: "number", text: m[0] };
  };
  return value(0);
}

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * A number as rapidjson's Writer prints it: an integer that fits 64 bits as its digits; anything
 * else as a double, shortest form, with `.0` on whole numbers and an exponent without `+`
 * (rapidjson's internal/dtoa.h Prettify has JavaScript's thresholds for the exponent form).
 */
function writeNumber(text: string): string {
  if (/^-?\d+$/.test(text) && text !== "-0") {
    const n = BigInt(text);
    if (n >= INT64_MIN && n <= UINT64_MAX) return n.toString();
  }
  const d = Number(text);
  if (Object.is(d, -0)) return "-0.0";
  const s = String(d).replace("e+", "e");
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** A string as rapidjson's Writer escapes it: quotes, backslashes and control characters only. */
function writeString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (c < 0x20) {
      const short: Record<number, string> = { 8: "b", 9: "t", 10: "n", 12: "f", 13: "r" };
      out += short[c] ? `\\${short[c]}` : `\\u${c.toString(16).toUpperCase().padStart(4, "0")}`;
    } else out += ch;
  }
  return `${out}"`;
}

/** The compact text of a value (rapidjson's `Writer`). */
export function writeJson(node: JsonNode): string {
  switch (node.kind) {
    case "object":
      return `{${node.members.map(([k, v]) => `${writeString(k)}:${writeJson(v)}`).join(",")}}`;
    case "array":
      return `[${node.items.map(writeJson).join(",")}]`;
    case "string":
      return writeString(node.value);
    case "number":
      return writeNumber(node.text);
    case "literal":
      return node.text;
  }
}

/** A member of an object, by key (the first, as rapidjson's FindMember). */
export function member(node: JsonNode, key: string): JsonNode | undefined {
  return node.kind === "object" ? node.members.find(([k]) => k === key)?.[1] : undefined;
}
