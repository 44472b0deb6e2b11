// Every kind refuses an input it does not declare, at check, naming it (the catalogue's cases,
// which tests/e2e/bad-input.test.ts also runs through the engine), and accepts the catalogue's valid
// arguments otherwise.
import { BAD_INPUTS } from "../../support/bad-inputs";
import { RESOURCE_TYPES, providerFor } from "../../../provider/runtime-entry";
import { testContext } from "../../support/call-context";

const ctx = testContext();

const undeclared = BAD_INPUTS.filter((c) => c.title.endsWith("with an input it does not declare"));

it("has one undeclared-input case per kind", () => {
  expect(undeclared.map((c) => c.kind).sort()).toEqual([...RESOURCE_TYPES].sort());
});

it.each(undeclared.map((c) => [c.kind, c] as const))(
  "%s refuses it by name, and only it",
  async (kind, c) => {
    const { failures } = await providerFor(kind).check({}, { _rpType: kind, ...c.args }, ctx);
    expect(failures).toEqual([
      {
        property: c.property,
        reason: expect.stringContaining(`${kind} has no input "${c.property}"`),
      },
    ]);
  },
);
