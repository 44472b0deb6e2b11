/**
 * The `redpandacloud` provider plugin as the package runs it (provider/plugin/bin): its version
 * from package.json and its schema from sdk/schema.json, both read from the package's folder. The
 * process itself is serve.ts; the release's self-contained plugin bundles serve.ts with both
 * inlined instead (scripts/release/plugin-entry.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { PluginMeta } from "./serve";
import { serve, withVersion } from "./serve";

/** The package's folder: the nearest one up with this package's package.json. */
export function packageRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const { name } = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string };
      if (name === "pulumi-redpanda-cloud") return dir;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`pulumi-redpanda-cloud's package.json not found above ${from}`);
    dir = up;
  }
}

/** The checked-in schema generated from the declarations (sdk/schema.json), with this version. */
export function schemaSource(root: string, version: string): () => string {
  let text: string | undefined;
  return (): string => {
    if (text !== undefined) return text;
    const file = path.join(root, "sdk", "schema.json");
    if (!fs.existsSync(file)) {
      throw new Error(`the plugin's schema ${file} is missing: run \`npm run codegen\``);
    }
    text = withVersion(JSON.parse(fs.readFileSync(file, "utf8")) as object, version);
    return text;
  };
}

/** The plugin of an installed package (or a checkout): package.json's version, sdk/schema.json. */
export function installedMeta(root: string = packageRoot()): PluginMeta {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  return { version, schema: schemaSource(root, version) };
}

if (require.main === module) serve(process.argv, installedMeta());
