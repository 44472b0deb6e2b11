// Redpanda Connect without a pipeline, over HTTP: `pipelines:lint-config` (YAML errors with line and
// column, the configuration's fields, components among those Redpanda Cloud runs, labels),
// `components` and `config-schema`, all from contract/connect-components.json. Rules and sources:
// emulator/connect-lint.ts and emulator/connect-config.ts.
import type { ResponseBody, TestEmulator } from "../../support/emulator";
import {
  expectAllResponsesValid,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";

/** A pipeline as the vendor's docs write one: generate → mapping → redpanda. */
const VALID = `input:
  generate:
    mapping: 'root = {"id": uuid_v4()}'
    interval: 1s
pipeline:
  processors:
    - label: upper
      mapping: root = this
output:
  redpanda:
    seed_brokers: ["\${REDPANDA_BROKERS}"]
    topic: orders
`;

describe("Redpanda Connect lint, components and config schema", () => {
  let t: TestEmulator;
  let dp: string;

  const lint = async (config_yaml: string): Promise<ResponseBody[]> => {
    const r = await t.call("POST", `${dp}/v1/redpanda-connect/pipelines:lint-config`, {
      config_yaml,
    });
    expect(r.status).toBe(200);
    return r.body.lint_hints;
  };
  const hint = (line: number, text: string, lint_type: string) => ({
    line,
    column: 1,
    hint: text,
    lint_type,
  });

  beforeAll(async () => {
    t = await startTestEmulator();
    const c = await readyServerlessCluster(t, "connect-lint");
    dp = (await t.call("GET", `/v1/serverless/clusters/${c.id}`)).body.serverless_cluster
      .dataplane_api.url;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    expectAllResponsesValid(t, "connect-lint");
  });

  it("passes a valid pipeline with no hints", async () => {
    expect(await lint(VALID)).toEqual([]);
  });

  it("names a misspelled component and a misspelled field, with their lines", async () => {
    const config = VALID.replace("      mapping: root = this", "      mappin: root = this").replace(
      "pipeline:",
      "pipline:",
    );
    expect(await lint(config)).toEqual([hint(5, "field pipline not recognised", "LintUnknown")]);
    const processor = VALID.replace("      mapping: root = this", "      mappin: root = this");
    expect(await lint(processor)).toEqual([
      hint(7, "unable to infer component type: [label mappin]", "LintComponentMissing"),
    ]);
    const field = VALID.replace("    interval: 1s", "    intervl: 1s");
    expect(await lint(field)).toEqual([hint(4, "field intervl not recognised", "LintUnknown")]);
  });

  it("answers a YAML syntax error as one hint at the parser's line and column", async () => {
    const hints = await lint("input:\n  generate:\n    mapping: [unclosed\noutput: {}\n");
    expect(hints).toHaveLength(1);
    expect(hints[0]).toMatchObject({ lint_type: "LintFailedRead" });
    expect(hints[0].line).toBeGreaterThanOrEqual(3);
    expect(hints[0].column).toBeGreaterThanOrEqual(1);
    expect(hints[0].hint).not.toBe("");
  });

  it("finds only the components Redpanda Cloud runs", async () => {
    // stdin and awk are in Connect's list, not in the cloud build's.
    expect(await lint("input:\n  stdin: {}\n")).toEqual([
      hint(2, "unable to infer component type: stdin", "LintComponentMissing"),
    ]);
    expect(await lint("pipeline:\n  processors:\n    - type: awk\n")).toEqual([
      hint(3, "failed to obtain docs for processor type awk", "LintComponentNotFound"),
    ]);
  });

  it("checks required fields, arrays, the fields beside a component and labels", async () => {
    expect(await lint("input:\n  generate:\n    interval: 1s\n")).toEqual([
      hint(3, "field mapping is required", "LintMissing"),
    ]);
    expect(await lint("pipeline:\n  processors:\n    mapping: root = this\n")).toEqual([
      hint(3, "expected array value", "LintExpectedArray"),
    ]);
    expect(
      await lint("input:\n  generate:\n    mapping: root = 1\n  labell: x\n  processors: []\n"),
    ).toEqual([
      hint(4, "field labell is invalid when the component type is generate (input)", "LintUnknown"),
      hint(5, "field processors is empty and can be removed", "LintShouldOmit"),
    ]);
    expect(
      await lint(
        "pipeline:\n  processors:\n    - label: Bad\n      mapping: root = 1\n    - label: same\n      mapping: root = 1\n    - label: same\n      mapping: root = 1\n",
      ),
    ).toEqual([
      hint(
        3,
        "invalid label 'Bad': should match the regular expression /^[a-z0-9_\\-]+$/ and must not start with an underscore",
        "LintBadLabel",
      ),
      hint(
        7,
        "label 'same' collides with a previously defined label at line 5",
        "LintDuplicateLabel",
      ),
    ]);
  });

  it("skips a configuration that opts out, and requires config_yaml", async () => {
    expect(await lint("# BENTHOS LINT DISABLE\ninput:\n  nothing: {}\n")).toEqual([]);
    const r = await t.call("POST", `${dp}/v1/redpanda-connect/pipelines:lint-config`, {
      config_yaml: "",
    });
    expect(r.status).toBe(400);
    expect(r.body.details[1].field_violations).toEqual([
      { field: "config_yaml", description: "value is required" },
    ]);
  });

  it("lists the components Cloud runs, by type, with their config specs", async () => {
    const r = await t.call("GET", `${dp}/v1/redpanda-connect/components`);
    expect(r.status).toBe(200);
    const list = r.body.components;
    expect(list.version).toBe("4.103.1");
    const names = (k: string) => list[k].map((c: ResponseBody) => c.name);
    expect(names("inputs")).toEqual(expect.arrayContaining(["generate", "redpanda"]));
    expect(names("inputs")).not.toContain("stdin");
    expect(names("processors")).toContain("mapping");
    expect(names("processors")).not.toContain("awk");
    const generate = list.inputs.find((c: ResponseBody) => c.name === "generate");
    expect(generate).toMatchObject({ type: "input", status: "COMPONENT_STATUS_STABLE" });
    expect(generate.config.children.map((c: ResponseBody) => c.name)).toContain("mapping");
    // Cloud allows pure Bloblang functions only.
    expect(list.bloblang_functions.map((f: ResponseBody) => f.name)).not.toContain("env");
    const masked = await t.call("GET", `${dp}/v1/redpanda-connect/components?read_mask=inputs`);
    expect(Object.keys(masked.body.components)).toEqual(["inputs"]);
  });

  it("answers the configuration's JSON schema with the components Cloud runs", async () => {
    const r = await t.call("GET", `${dp}/v1/redpanda-connect/config-schema`);
    expect(r.status).toBe(200);
    const schema = JSON.parse(r.body.config_schema);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["input", "pipeline", "output"]),
    );
    const processors = schema.definitions.processor.allOf[0].anyOf.map(
      (d: ResponseBody) => Object.keys(d.properties)[0],
    );
    expect(processors).toContain("mapping");
    expect(processors).not.toContain("awk");
  });
});
