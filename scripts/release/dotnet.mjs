// Release step `dotnet` (contract: scripts/release/README.md): the generated C# SDK (sdk/dotnet,
// NuGet project RedpandaCloudPulumi.Redpandacloud) as sources in a zip, with BUILDING.md saying
// what blocks building it here and how to build it. No .NET SDK or NuGet feed is reachable from
// the machines this project builds on, so no .nupkg is made and the C# is never compiled.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const [repo, version, out] = process.argv.slice(2);
const src = path.join(repo, "sdk", "dotnet");
const PACKAGE = "RedpandaCloudPulumi.Redpandacloud";

const plugin = JSON.parse(fs.readFileSync(path.join(src, "pulumi-plugin.json"), "utf8"));
const txt = fs.readFileSync(path.join(src, "version.txt"), "utf8").trim();
const csproj = fs.readFileSync(path.join(src, `${PACKAGE}.csproj`), "utf8");
const inProject = /<Version>([^<]+)<\/Version>/.exec(csproj)?.[1];
if (plugin.version !== version || txt !== version || inProject !== version) {
  throw new Error(
    `sdk/dotnet names ${plugin.version} (pulumi-plugin.json), ${txt} (version.txt), ${inProject} (csproj), not ${version}: run npm run sdk`,
  );
}

const BUILDING = `# ${PACKAGE} ${version}: sources, not built

The C# SDK of the \`redpandacloud\` Pulumi provider plugin v${version}, generated from its schema by
pulumi-dotnet's code generator. It is shipped as sources because the machines this project is built
and tested on have no .NET SDK and cannot reach NuGet (nuget.org): nothing here has been compiled,
packed or run. Every other language's SDK is built and tested end to end; this one is not.

To build the NuGet package yourself (.NET 6 SDK or later, with nuget.org reachable for \`Pulumi\`
[3.76.1, 4) and \`Microsoft.SourceLink.GitHub\`):

    dotnet pack -c Release -o ./nupkg

then add \`./nupkg\` as a local feed (\`dotnet nuget add source ./nupkg\`) and
\`dotnet add package ${PACKAGE} --version ${version}\` in your program. The provider plugin itself
comes from its own artifact:
\`pulumi plugin install resource redpandacloud ${version} --file pulumi-resource-redpandacloud-v${version}-linux-amd64.tar.gz\`.
`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "release-dotnet-"));
try {
  const dir = path.join(scratch, `${PACKAGE}-${version}`);
  fs.cpSync(src, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "BUILDING.md"), BUILDING);
  // Reproducible: one fixed time on every entry, names sorted, no extra attributes.
  const names = execFileSync("find", [path.basename(dir), "-print"], {
    cwd: scratch,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean)
    .sort();
  for (const n of names) fs.utimesSync(path.join(scratch, n), 315532800, 315532800);
  const zip = `${PACKAGE}-${version}-sources.zip`;
  execFileSync("zip", ["-X", "-q", "-D", path.join(out, zip), ...names], {
    cwd: scratch,
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.stdout.write(`${zip}\n`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
