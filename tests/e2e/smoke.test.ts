// The real Pulumi engine drives a tiny dynamic resource through its whole life.
import * as fs from "node:fs";
import type { TestStack } from "../support/pulumi";
import { openTestStack, writeTempProject } from "../support/pulumi";

const program = `
const pulumi = require("@pulumi/pulumi");
const provider = {
  async create(inputs) { return { id: "thing-" + inputs.label, outs: { label: inputs.label } }; },
  async diff(_id, olds, news) { return { changes: olds.label !== news.label }; },
  async read(id, props) { return { id, props }; },
  async delete() {},
};
const thing = new pulumi.dynamic.Resource(provider, "thing", { label: "one" });
exports.thingId = thing.id;
`;

describe("smoke: real engine with a dynamic resource", () => {
  let dir: string;
  let stack: TestStack;

  beforeAll(async () => {
    dir = writeTempProject("smoke", { "index.js": program });
    stack = await openTestStack({ workDir: dir });
  });

  afterAll(async () => {
    await stack?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("creates, stays unchanged, refreshes and destroys", async () => {
    const first = await stack.up();
    expect(first.changes).toEqual({ create: 1 });
    expect(first.outputs).toEqual({ thingId: "thing-one" });

    const second = await stack.up();
    expect(second.changes).toEqual({ same: 1 });

    const refreshed = await stack.refresh();
    expect(refreshed.changes.create ?? 0).toBe(0);
    expect(refreshed.changes.delete ?? 0).toBe(0);

    const destroyed = await stack.destroy();
    expect(destroyed.changes).toEqual({ delete: 1 });
  });
});
