/** Small Markdown helpers for the reference pages, which GitHub renders as written. */

/** Inline code. */
export const code = (s: string): string => `\`${s}\``;

/** A table cell: `|` would end the cell, and a line break the row. */
export const cell = (s: string): string => s.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** A Markdown table. */
export function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

/**
 * Words that would turn a wrapped line into a list item, heading, quote or table row if they
 * began it; such a word stays on the line before.
 */
const BLOCK_START = /^([-+*>|]|#{1,6}|\d+[.)]|=+|-+)$/;

/**
 * Wraps prose at `width` columns, continuation lines indented by `indent`: the pages stay readable
 * as text (no line over 200 characters), and GitHub joins the lines again.
 */
export function wrap(text: string, width = 100, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const fits = (line + " " + word).length <= width;
    if (!line || fits || BLOCK_START.test(word)) line = line ? `${line} ${word}` : word;
    else {
      lines.push(line);
      line = `${indent}${word}`;
    }
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

/** A fenced code block. */
export const fenced = (lang: string, body: string): string =>
  ["```" + lang, body.replace(/\n+$/, ""), "```"].join("\n");

/** Paragraphs that are plain prose (no code, list, heading, table, quote or HTML). */
const PROSE = /^(?![-+*>#|<\s]|\d+[.)]|```)/;

/** Wraps each prose paragraph of a text; code blocks, lists and the like stay as written. */
export const wrapParagraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((p) => (PROSE.test(p) && !p.includes("```") ? wrap(p) : p))
    .join("\n\n");
