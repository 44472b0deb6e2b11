// The generated C# SDK (sdk/dotnet) would compile: no member of a class or struct is named as the
// type that holds it (C#'s CS0542, "member names cannot be the same as their enclosing type"), as
// a `Schema` property in class `Schema` was. There is no .NET SDK on this machine to compile it,
// so this reads the generated files; the schema names such a property for C# by its
// `language.csharp.name` (scripts/codegen/schema.ts, CSHARP_NAMES).
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..", "..", "..");
const DOTNET = path.join(REPO, "sdk", "dotnet");

/** Every .cs file under `dir`. */
function csFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return csFiles(full);
    return e.name.endsWith(".cs") ? [full] : [];
  });
}

/**
 * The members of each class or struct in C# source whose name is the type's own, other than its
 * constructors: `<file>: <Type>.<Member>`. Comments and string literals are dropped first (doc
 * comments hold braces and whole programs); a member is a declaration directly in a type's body
 * that starts with an access modifier.
 */
function membersNamedAsType(file: string, source: string): string[] {
  const code = source
    .replace(/@"(?:[^"]|"")*"/g, '""')
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "");
  const found: string[] = [];
  // The open types, innermost last, each with the brace depth of its body.
  const types: { name: string; depth: number }[] = [];
  let depth = 0;
  let pending: string | undefined;
  // A declaration may span lines (`public Input<string>? Password` then `{`): join until one ends.
  let statement = "";
  for (const line of code.split("\n")) {
    const declared = /\b(?:class|struct|record|interface)\s+(\w+)/.exec(line);
    if (declared) pending = declared[1]!;
    const inType = types[types.length - 1];
    if (inType && depth === inType.depth && !declared) {
      statement += ` ${line.trim()}`;
      // Read once the declaration has ended (its body, initializer or `;` has begun).
      if (/[;{}(]|=>/.test(line)) {
        const member =
          /^\s*(?:\[[^\]]*\]\s*)*(?:public|private|protected|internal)\b[^=({;]*?\b(\w+)\s*(\(|\{|=>|=|;)/.exec(
            statement,
          );
        if (member && member[1] === inType.name && member[2] !== "(") {
          found.push(`${path.relative(REPO, file)}: ${inType.name}.${member[1]}`);
        }
        statement = "";
      }
    } else statement = "";
    for (const c of line) {
      if (c === "{") {
        depth++;
        if (pending) {
          types.push({ name: pending, depth });
          pending = undefined;
        }
      } else if (c === "}") {
        if (types[types.length - 1]?.depth === depth) types.pop();
        depth--;
      }
    }
  }
  return found;
}

it("finds a member named as its type, and not a constructor", () => {
  const source = [
    "namespace N",
    "{",
    "    /// <summary>{ name, subject }</summary>",
    "    public partial class Schema : global::Pulumi.CustomResource",
    "    {",
    '        [Output("schema")]',
    "        public Output<string> Schema { get; private set; } = null!;",
    "        public Schema(string name, SchemaArgs args) : base(name)",
    "        {",
    "        }",
    "    }",
    "    public sealed class SchemaArgs",
    "    {",
    "        public Input<string>? Password",
    "        {",
    "            get => _password;",
    "        }",
    "        public InputList<string> SchemaArgs",
    "        {",
    "            get => _x;",
    "        }",
    "    }",
    "    public sealed class GetSchemaResult",
    "    {",
    "        public readonly string GetSchemaResult;",
    "        private GetSchemaResult(string schema)",
    "        {",
    "        }",
    "    }",
    "}",
  ].join("\n");
  expect(membersNamedAsType(path.join(REPO, "x.cs"), source)).toEqual([
    "x.cs: Schema.Schema",
    "x.cs: SchemaArgs.SchemaArgs",
    "x.cs: GetSchemaResult.GetSchemaResult",
  ]);
});

it("names no C# member as the class or struct that holds it (CS0542)", () => {
  const files = csFiles(DOTNET);
  expect(files.length).toBeGreaterThan(40);
  const found = files.flatMap((f) => membersNamedAsType(f, fs.readFileSync(f, "utf8")));
  expect(found).toEqual([]);
});

it("names the Schema resource's `schema` property for C# by its language.csharp.name", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(REPO, "sdk", "schema.json"), "utf8")) as {
    resources: Record<
      string,
      {
        inputProperties: Record<string, { language?: { csharp?: { name: string } } }>;
        properties: Record<string, { language?: { csharp?: { name: string } } }>;
      }
    >;
  };
  const resource = schema.resources["redpandacloud:index:Schema"]!;
  for (const props of [resource.inputProperties, resource.properties]) {
    expect(props["schema"]?.language?.csharp?.name).toBe("SchemaDefinition");
  }
  const cs = fs.readFileSync(path.join(DOTNET, "Schema.cs"), "utf8");
  expect(cs).toMatch(/\[Output\("schema"\)\]\s*public Output<string> SchemaDefinition \{/);
  expect(cs).toMatch(
    /\[Input\("schema", required: true\)\]\s*public Input<string> SchemaDefinition/,
  );
});
