// The YAML and Python language hosts of scripts/language-hosts.sh drive real runs of the pinned CLI:
// a stack of outputs only (no provider), up and a changed up, with a secret that the state keeps
// encrypted. The Python program runs in a venv holding `pulumi` from PyPI (the lane's version), as a
// user's does, named by Pulumi.yaml and not activated (the launcher in front of the v3.68.0 host
// passes the option; one the host cannot honour stops it with a message). (The Go and Java hosts are proven by the plugin's Go and Java programs: a Go
// program's first compile is minutes on this machine, a Java program's run is Maven's.)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { languageHosts } from "../support/language-hosts";
import { openTestStack } from "../support/pulumi";
import { pythonVenv } from "../support/user-installs";

const SECRET = "language-host-secret-value";

const programs: Record<string, Record<string, string>> = {
  yaml: {
    "Pulumi.yaml": `name: hosts-yaml
runtime: yaml
config:
  greeting: { type: string, default: hello }
variables:
  hidden: { fn::secret: ${SECRET} }
outputs:
  message: \${greeting} from yaml
  hidden: \${hidden}
`,
  },
  python: {
    "Pulumi.yaml":
      "name: hosts-python\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n",
    "__main__.py": `import pulumi

config = pulumi.Config()
greeting = config.get("greeting") or "hello"
pulumi.export("message", f"{greeting} from python")
pulumi.export("hidden", pulumi.Output.secret("${SECRET}"))
`,
  },
};

describe.each(Object.keys(programs))("the %s host", (language) => {
  it("runs a program through the pinned CLI with no host warning", async () => {
    const hosts = languageHosts([language as "yaml" | "python"]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-host-${language}-`));
    for (const [file, text] of Object.entries(programs[language] ?? {})) {
      fs.writeFileSync(path.join(dir, file), text);
    }
    if (language === "python") await pythonVenv(dir, hosts, []);
    const stack = await openTestStack({ workDir: dir, env: hosts.env });
    try {
      const first = await stack.up();
      expect(first.outputs).toEqual({ message: `hello from ${language}`, hidden: SECRET });
      expect(`${first.stdout}\n${first.stderr}`).not.toMatch(/warning/i);

      await stack.stack.setConfig(`hosts-${language}:greeting`, { value: "hi", secret: false });
      expect((await stack.up()).outputs.message).toBe(`hi from ${language}`);
      expect(stack.findInBackend([SECRET])).toEqual([]);
    } finally {
      await stack.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

it("the Python host's launcher stops at a runtime option the host cannot honour, naming it", async () => {
  const hosts = languageHosts(["python"]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-host-python-uv-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: hosts-python-uv\nruntime:\n  name: python\n  options:\n    toolchain: uv\n",
  );
  fs.writeFileSync(path.join(dir, "__main__.py"), "import pulumi\n");
  const stack = await openTestStack({ workDir: dir, env: hosts.env });
  try {
    await expect(stack.preview()).rejects.toThrow(
      /runtime\.options\.toolchain: uv in \S+Pulumi\.yaml is not supported by this Python language host/,
    );
  } finally {
    await stack.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
