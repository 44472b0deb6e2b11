/**
 * WebAssembly modules for the transform tests: the smallest valid one, and real ones, Go programs
 * for WASI preview 1 (`GOOS=wasip1 GOARCH=wasm`) as a transform's toolchain builds them. The build
 * is asynchronous: a test process that serves the emulator must not block its event loop.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** The smallest valid module: the magic number and version 1, no sections. */
export const EMPTY_MODULE = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * A real module: a Go program that exits at once. `variant` goes into the program as a string, so
 * two variants are two modules (two SHA-256s) of the same program.
 */
export async function buildModule(variant = "identity"): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "transform-wasm-"));
  try {
    await writeFile(path.join(dir, "go.mod"), "module identity\n\ngo 1.21\n");
    await writeFile(
      path.join(dir, "main.go"),
      `package main\n\nimport "os"\n\nvar variant = ${JSON.stringify(variant)}\n\nfunc main() {\n\tif variant == "" {\n\t\tos.Exit(1)\n\t}\n\tos.Exit(0)\n}\n`,
    );
    await promisify(execFile)("go", ["build", "-o", "module.wasm", "."], {
      cwd: dir,
      env: {
        ...process.env,
        GOOS: "wasip1",
        GOARCH: "wasm",
        CGO_ENABLED: "0",
        GOTOOLCHAIN: "local",
      },
    });
    return await readFile(path.join(dir, "module.wasm"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PUT /v1/transforms as the vendor's clients send it: the metadata and the module, multipart. */
export async function deployOutOfBand(
  dataplaneApiUrl: string,
  token: string,
  metadata: Record<string, unknown>,
  module: Buffer = EMPTY_MODULE,
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.set("metadata", JSON.stringify(metadata));
  form.set("wasm_binary", new Blob([module]), "transform.wasm");
  const res = await fetch(`${dataplaneApiUrl}/v1/transforms`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}
