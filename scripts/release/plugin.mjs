// Release step `plugin` (contract: scripts/release/README.md): the provider plugin as Pulumi
// installs it, pulumi-resource-redpandacloud-v<version>-linux-amd64.tar.gz, for
// `pulumi plugin install resource redpandacloud <version> --file <tgz>`. Self-contained: an esbuild
// bundle of the plugin with everything it loads (gRPC, the engine's stubs, zod, axios, the kinds)
// and its version and schema inlined, the vendor catalogues it reads (contract/), and a launcher
// that runs it with the `node` on PATH. No npm install, no peer dependency, nothing read from this
// package at run time. (A single executable with Node's SEA was measured and not chosen:
// docs/plugin.md, "The plugin's artifact".)
//
// The bundle is ES modules split in chunks: lib/plugin.mjs holds what runs before the port is
// printed (gRPC, the service's stubs); the kinds are a chunk loaded by the first call that needs
// them (provider/plugin/serve.ts), so start compiles half the code.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { build } from "esbuild";

const [repo, version, out] = process.argv.slice(2);
const NAME = "pulumi-resource-redpandacloud";

/**
 * `sdkGrpc()`/`engineStubs()` find grpc-js and the engine's stubs in @pulumi/pulumi's own tree at
 * run time (require.resolve with paths), which a bundle cannot follow. The same lookup, done at
 * bundle time: this module, resolved from the SDK's folder, so the bundle carries the SDK's copy.
 */
const SDK_GRPC_IN_BUNDLE = `
export const sdkGrpc = () => require("@grpc/grpc-js");
export const engineStubs = () => ({
  rpc: require("@pulumi/pulumi/proto/engine_grpc_pb"),
  pb: require("@pulumi/pulumi/proto/engine_pb"),
});
`;

const sdkGrpcAtBundleTime = {
  name: "sdk-grpc-at-bundle-time",
  setup(b) {
    b.onLoad({ filter: /provider[\\/]runtime[\\/]sdk-grpc\.ts$/ }, () => ({
      contents: SDK_GRPC_IN_BUNDLE,
      loader: "js",
      resolveDir: path.join(repo, "node_modules", "@pulumi", "pulumi"),
    }));
  },
};

/**
 * Only a program's lookups load the SDK's index (provider/lookups.ts, at run time), never the
 * plugin: left out of the bundle. Its subpaths (the engine's stubs) are bundled.
 */
const sdkIndexExternal = {
  name: "sdk-index-external",
  setup(b) {
    b.onResolve({ filter: /^@pulumi\/pulumi$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * The schema as a string parsed at start, not a 170 kB object literal to compile: the same
 * object, cheaper to load.
 */
const schemaAsText = {
  name: "schema-as-text",
  setup(b) {
    b.onLoad({ filter: /sdk[\\/]schema\.json$/ }, (args) => ({
      contents: `export default JSON.parse(${JSON.stringify(fs.readFileSync(args.path, "utf8"))});`,
      loader: "js",
    }));
  },
};

/**
 * What of axios the plugin never runs, left out: its fetch adapter (requests go through its Node
 * http adapter; evaluating the fetch adapter loads Node's undici at start) and the form-data
 * package (multipart bodies, which no API call sends; it brings mime-db's 137 kB). A multipart
 * body would fail loudly, never be sent wrong.
 */
const axiosNodeHttpOnly = {
  name: "axios-node-http-only",
  setup(b) {
    b.onLoad({ filter: /node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/ }, () => ({
      contents: "export const getFetch = () => false;\nexport default false;\n",
      loader: "js",
    }));
    b.onLoad(
      {
        filter:
          /node_modules[\\/]axios[\\/]lib[\\/]platform[\\/]node[\\/]classes[\\/]FormData\.js$/,
      },
      () => ({
        contents: `export default class FormData {
  constructor() {
    throw new Error("the redpandacloud plugin sends no multipart body");
  }
}
`,
        loader: "js",
      }),
    );
  },
};

/**
 * CommonJS names in an ES module bundle: the bundled CommonJS code (grpc-js, protobuf) calls
 * require() for Node's built-ins and reads __dirname (the catalogues' folder is found from it).
 */
const CJS_NAMES = [
  'import { createRequire as __rpCreateRequire } from "node:module";',
  'import { fileURLToPath as __rpFileUrlToPath } from "node:url";',
  'import { dirname as __rpDirname } from "node:path";',
  "const require = __rpCreateRequire(import.meta.url);",
  "const __filename = __rpFileUrlToPath(import.meta.url);",
  "const __dirname = __rpDirname(__filename);",
].join("\n");

/** The launcher the engine runs: the bundle on the `node` of PATH (the engine's PATH). */
const LAUNCHER = `#!/bin/sh
# The redpandacloud provider plugin v${version}: lib/plugin.mjs (the bundle) on the Node.js of PATH.
# The engine reads the port from stdout: nothing else is printed there.
here=$(dirname "$0")
if ! command -v node >/dev/null 2>&1; then
  echo "pulumi-resource-redpandacloud: needs Node.js 20.19 or later on PATH" >&2
  exit 1
fi
exec node "$here/lib/plugin.mjs" "$@"
`;

const stage = fs.mkdtempSync(path.join(os.tmpdir(), "release-plugin-"));
try {
  const result = await build({
    entryPoints: { plugin: path.join(repo, "scripts", "release", "plugin-entry.ts") },
    outdir: path.join(stage, "lib"),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    target: "node20.19",
    format: "esm",
    banner: { js: CJS_NAMES },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "linked",
    plugins: [sdkGrpcAtBundleTime, sdkIndexExternal, schemaAsText, axiosNodeHttpOnly],
    metafile: true,
    logLevel: "warning",
  });
  const bundled = Object.keys(result.metafile.inputs).length;
  fs.writeFileSync(path.join(stage, NAME), LAUNCHER, { mode: 0o755 });
  // The vendor catalogues the kinds read at run time (provider/catalog/contract.ts finds the
  // contract/ folder beside the running file, as in the package).
  fs.cpSync(path.join(repo, "contract"), path.join(stage, "contract"), { recursive: true });
  const files = fs.readdirSync(stage).sort();
  const size = fs
    .readdirSync(path.join(stage, "lib"))
    .reduce((sum, f) => sum + fs.statSync(path.join(stage, "lib", f)).size, 0);
  const tgz = `${NAME}-v${version}-linux-amd64.tar.gz`;
  // Reproducible: sorted names, fixed times and owners, no gzip timestamp.
  execFileSync("sh", [
    "-c",
    `tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$1" -cf - ${files.join(" ")} | gzip -9n > "$2"`,
    "sh",
    stage,
    path.join(out, tgz),
  ]);
  process.stderr.write(
    `[release] plugin: ${bundled} modules in lib/ (${(size / 1e6).toFixed(1)} MB); ${tgz}\n`,
  );
  process.stdout.write(`${tgz}\n`);
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
