// Every input of every resource is documented, and its documentation says what changing it does
// (update in place, replace, or nothing), because that is what a user needs before `pulumi up`.
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const PROVIDER = path.resolve(__dirname, "..", "..", "..", "provider");
const KINDS_DIR = path.join(PROVIDER, "kinds");
// The shared pieces (base.ts with Timeouts) and every kind folder's generated resource.ts.
const RESOURCE_FILES = [
  ...fs
    .readdirSync(path.join(PROVIDER, "resources"))
    .map((f) => path.join(PROVIDER, "resources", f)),
  ...fs
    .readdirSync(KINDS_DIR)
    .map((d) => path.join(KINDS_DIR, d, "resource.ts"))
    .filter((f) => fs.existsSync(f)),
];
// Words that say what a change does; `timeouts` and `adoptId` say they change nothing.
const CHANGE_BEHAVIOUR =
  /replace|in place|update|never updates|ignored after creation|instead of creating|deadlines/i;

interface InputDoc {
  where: string;
  doc: string;
}

function inputsOf(file: string): InputDoc[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.ES2022,
    true,
  );
  const found: InputDoc[] = [];
  const visitMembers = (owner: string, members: ts.NodeArray<ts.TypeElement>): void => {
    for (const member of members) {
      if (!ts.isPropertySignature(member)) continue;
      const name = `${owner}.${member.name.getText(source)}`;
      const doc = ts
        .getJSDocCommentsAndTags(member)
        .map((d) => (typeof d.comment === "string" ? d.comment : ""))
        .join(" ");
      found.push({ where: `${path.relative(PROVIDER, file)} ${name}`, doc });
      // Nested object inputs (`scope`, `resources`) are documented member by member too.
      member.type?.forEachChild(function visit(node): void {
        if (ts.isTypeLiteralNode(node)) visitMembers(name, node.members);
        else node.forEachChild(visit);
      });
    }
  };
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && /Args$|^Timeouts$/.test(node.name.text))
      visitMembers(node.name.text, node.members);
  });
  return found;
}

const inputs = RESOURCE_FILES.filter((f) => f.endsWith(".ts")).flatMap((f) => inputsOf(f));

it("finds the inputs of every resource", () => {
  const owners = new Set(inputs.map((i) => i.where.split(" ")[1]!.split(".")[0]));
  for (const args of ["ClusterArgs", "TopicArgs", "PipelineArgs", "RoleBindingArgs", "Timeouts"])
    expect(owners).toContain(args);
  expect(inputs.length).toBeGreaterThan(80);
});

it("documents every input", () => {
  expect(inputs.filter((i) => i.doc.trim().length < 10).map((i) => i.where)).toEqual([]);
});

it("says for every resource input whether changing it updates, replaces or does nothing", () => {
  const silent = inputs
    .filter((i) => !/ByocAgentArgs|Timeouts\./.test(i.where))
    .filter((i) => !CHANGE_BEHAVIOUR.test(i.doc))
    .map((i) => `${i.where}: ${i.doc}`);
  expect(silent).toEqual([]);
});
