/**
 * How each SDK generated from sdk/schema.json spells a schema name: Pulumi's codegen rules for
 * the Python, Go, .NET and Java SDKs, checked against the generated SDKs by
 * tests/unit/docs/reference-docs.test.ts.
 */

/**
 * The languages a page shows, in the order the Pulumi Registry shows them. JavaScript shows only
 * in examples (its signatures are TypeScript's without the types).
 */
export const LANGUAGES = [
  "typescript",
  "javascript",
  "python",
  "go",
  "csharp",
  "java",
  "yaml",
] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages of the constructor, read-by-id and invoke forms. */
export type SignatureLanguage = Exclude<Language, "javascript">;

/** A language's heading. */
export const LANGUAGE_TITLES: Record<Language, string> = {
  typescript: "TypeScript",
  javascript: "JavaScript",
  python: "Python",
  go: "Go",
  csharp: "C#",
  java: "Java",
  yaml: "YAML",
};

/** `topic` → `Topic`: the Go and .NET spelling of a property, and a type's class name. */
export const pascal = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The C# SDK's name of a property: its `language.csharp.name`, else its PascalCase name. */
export const csharpName = (
  name: string,
  p?: { language?: { csharp?: { name: string } } },
): string => p?.language?.csharp?.name ?? pascal(name);

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();

/**
 * The Python SDK's snake_case name of a camelCase schema name, by the rule of Pulumi's Python
 * codegen (`PyName`): a capital after a lower-case letter or digit starts a word, and so does the
 * last capital of an acronym that a lower-case letter follows (`dnsARecord` → `dns_a_record`).
 */
export function pythonName(name: string): string {
  let out = "";
  let state: "first" | "upper" | "acronym" | "lower" = "first";
  for (const c of name) {
    const upper = isUpper(c);
    if (state === "first") {
      out += c.toLowerCase();
      state = upper ? "upper" : "lower";
    } else if (state === "lower") {
      out += upper ? `_${c.toLowerCase()}` : c;
      state = upper ? "upper" : "lower";
    } else if (upper) {
      out += c.toLowerCase();
      state = "acronym";
    } else if (state === "acronym" && /[a-z]/.test(c)) {
      // The acronym's last capital began this word: `ARecord` → `a_record`.
      out = `${out.slice(0, -1)}_${out.slice(-1)}${c}`;
      state = "lower";
    } else {
      out += c;
      state = "lower";
    }
  }
  return out;
}

/** A schema token's last part: `redpandacloud:index:Topic` → `Topic`. */
export const tokenName = (token: string): string => token.slice(token.lastIndexOf(":") + 1);

/**
 * The Go SDK's name of a function: `getCluster` → `LookupCluster` when a resource `Cluster`
 * exists (Go's codegen keeps `GetCluster` for the resource's own lookup by id), else `GetOperation`.
 */
export function goFunctionName(fn: string, resources: ReadonlySet<string>): string {
  const rest = fn.replace(/^get/, "");
  return fn.startsWith("get") && resources.has(rest) ? `Lookup${rest}` : pascal(fn);
}
