/**
 * A page's properties, one list item each: the name in each SDK's spelling, the type, whether it
 * is required, what changing it does, whether it is secret, its default and its description. A
 * list rather than a table: a table's rows are as wide as its widest cell, and these run past a
 * screen (Cluster's nested types' names and their links).
 */
import type { PropertySpec } from "../codegen/pulumi-schema";
import { code, wrap } from "./markdown";
import { csharpName, pascal, pythonName } from "./names";
import { typeWords } from "./schema-types";

/** What a list says of each property. */
export interface ListKind {
  /** Inputs of a resource: say whether a change updates in place or replaces. */
  change: boolean;
  /** The word for a required property (outputs: "always set"). */
  requiredWord: string;
}

/**
 * What changing an input does. The kinds' declarations end each input's description with a
 * "Changing it ..." sentence (scripts/codegen/resources.ts), which says more than the schema's
 * `replaceOnChanges` flag (never updates or replaces; updates the state only; replaces when it
 * shrinks); without one, the flag says it.
 */
function change(p: PropertySpec): { words: string; description: string } {
  const description = p.description ?? "";
  const m = /\s*Changing it (.*?)\.?$/.exec(description);
  if (!m) {
    return {
      words: p.replaceOnChanges ? "**replaces** on change" : "updates in place",
      description,
    };
  }
  const said = `changing it ${m[1]!}`;
  const words = /\bnever\b/.test(said) ? said : said.replace(/\breplaces\b/, "**replaces**");
  return { words, description: description.slice(0, m.index) };
}

/** The facts after a property's names, and what remains of its description. */
function facts(p: PropertySpec, required: boolean, kind: ListKind): [string, string] {
  // A plain input is a value, never an Output, in every SDK.
  const type = p.plain ? `${typeWords(p)} (plain value)` : typeWords(p);
  const c = kind.change ? change(p) : { words: "", description: p.description ?? "" };
  const words = [
    type,
    required ? `**${kind.requiredWord}**` : "optional",
    ...(p.secret ? ["**secret**"] : []),
    ...(p.default !== undefined ? [`default ${code(JSON.stringify(p.default))}`] : []),
    ...(c.words ? [c.words] : []),
  ];
  return [words.join(", "), c.description];
}

/** One property's list item, wrapped. */
function item(name: string, p: PropertySpec, required: boolean, kind: ListKind): string {
  const cs = csharpName(name, p);
  const names =
    cs === pascal(name)
      ? `Python ${code(pythonName(name))}, Go and C# ${code(cs)}`
      : `Python ${code(pythonName(name))}, Go ${code(pascal(name))}, C# ${code(cs)}`;
  const [what, description] = facts(p, required, kind);
  return wrap(`- **${code(name)}** (${names}): ${what}. ${description}`, 100, "  ");
}

/** The list of a set of properties, in the schema's order. */
export function propertyList(
  props: Record<string, PropertySpec> | undefined,
  required: readonly string[] | undefined,
  kind: ListKind,
): string {
  const entries = Object.entries(props ?? {});
  if (!entries.length) return "None.";
  return entries.map(([n, p]) => item(n, p, required?.includes(n) ?? false, kind)).join("\n");
}
