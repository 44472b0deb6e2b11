// Release step `go` (contract: scripts/release/README.md): the Go SDK (sdk/go) as the module
// version v<version> in a file-based GOPROXY folder, go/, under the path it is published at
// (sdk/go/go.mod: github.com/redpanda-cloud-pulumi/pulumi-redpanda-cloud/sdk/go). A user resolves
// it with `GOPROXY=file://<release>/go,https://proxy.golang.org go get <module>@v<version>`.
// The zip is made by golang.org/x/mod/zip (gomodzip/, a small Go program built here).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const [repo, version, out] = process.argv.slice(2);
const sdk = path.join(repo, "sdk", "go");

const meta = JSON.parse(
  fs.readFileSync(path.join(sdk, "redpandacloud", "pulumi-plugin.json"), "utf8"),
);
if (meta.version !== version) {
  throw new Error(`sdk/go names plugin version ${meta.version}, not ${version}: run npm run sdk`);
}

/** The version's time: the commit's (reproducible for one commit), else now. */
function versionTime() {
  try {
    return execFileSync("git", ["-C", repo, "log", "-1", "--format=%cI"], {
      encoding: "utf8",
    }).trim();
  } catch {
    return new Date().toISOString();
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "release-go-"));
try {
  const bin = path.join(scratch, "gomodzip");
  execFileSync("go", ["build", "-o", bin, "."], {
    cwd: path.join(repo, "scripts", "release", "gomodzip"),
    env: { ...process.env, CGO_ENABLED: "0" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const when = new Date(versionTime()).toISOString().replace(/\.\d+Z$/, "Z");
  const files = execFileSync(
    bin,
    ["-dir", sdk, "-version", `v${version}`, "-time", when, "-out", path.join(out, "go")],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  )
    .split("\n")
    .filter(Boolean)
    .map((f) => path.join("go", f));
  process.stdout.write(files.map((f) => `${f}\n`).join(""));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
