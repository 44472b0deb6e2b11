// docs/reliability.md's attempt-budget table says what provider/retry/when.ts's ATTEMPT_BUDGETS
// holds (the rows tests/unit/retry/budget.test.ts counts at a real server): a budget changed in
// one place and not the other fails here, naming the row.
import * as fs from "node:fs";
import * as path from "node:path";
import { ATTEMPT_BUDGETS } from "../../../provider/retry/when";

const DOC = path.resolve(__dirname, "..", "..", "..", "docs", "reliability.md");

/** The cells of each row of the table under "## Attempt budget", by its first cell. */
function budgetTable(): Map<string, string[]> {
  const text = fs.readFileSync(DOC, "utf8");
  const section = text.slice(text.indexOf("## Attempt budget"));
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n").slice(1)) {
    if (line.startsWith("## ")) break;
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) continue;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    rows.set(cells[0]!, cells.slice(1));
  }
  return rows;
}

it.each(Object.entries(ATTEMPT_BUDGETS))(
  "the %s row of docs/reliability.md states its budget",
  (_, budget) => {
    const row = budgetTable().get(budget.row);
    expect(row).toBeDefined();
    const [attempts, deadline] = row!;
    expect([budget.row, Number(/^\d+/.exec(attempts ?? "")?.[0])]).toEqual([
      budget.row,
      budget.maxAttempts,
    ]);
    expect([budget.row, deadline]).toEqual([budget.row, budget.deadline]);
  },
);
