/**
 * A `multipart/form-data` body read as the vendor's data plane reads the transforms deploy: Go's
 * `Request.ParseMultipartForm` (redpanda-data/console backend/pkg/api/connect/service/transform/v1/
 * handle_transforms.go@12ba56d), where a part with a file name is a file and one without is a
 * value (Go's mime/multipart). The parsing itself is busboy's (@fastify/busboy).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { Busboy } from "@fastify/busboy";

export interface MultipartFile {
  filename: string;
  data: Buffer;
  /** The part went past the size the reader keeps (`maxFileBytes`): `data` is cut short. */
  truncated: boolean;
}

/** A multipart body as parts by name, in the order they came. */
export interface MultipartBody {
  kind: "multipart";
  /** Bytes read in all, headers and boundaries included (0: the body was empty). */
  bytes: number;
  values: Record<string, string[]>;
  files: Record<string, MultipartFile[]>;
}

export interface MultipartLimits {
  /** Bytes kept of one file part; past it the part is read to its end and marked `truncated`. */
  maxFileBytes: number;
  /** Bytes kept of one value part. */
  maxValueBytes: number;
}

/** Reads a whole multipart body; rejects with busboy's error when it is not well formed. */
export function readMultipart(
  headers: IncomingHttpHeaders,
  stream: Readable,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const body: MultipartBody = { kind: "multipart", bytes: 0, values: {}, files: {} };
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: headers as { "content-type": string } & IncomingHttpHeaders,
        // Go's mime/multipart: a part is a file only when its file name is not empty.
        isPartAFile: (_field, _type, fileName) => fileName !== undefined && fileName !== "",
        limits: { fileSize: limits.maxFileBytes, fieldSize: limits.maxValueBytes },
      });
    } catch (err) {
      // No boundary, or not multipart at all: busboy refuses before reading. An empty body is
      // told apart all the same (the vendor's handler asks for the length first).
      stream.on("data", (chunk: Buffer) => (body.bytes += chunk.length));
      stream.on("end", () => (body.bytes === 0 ? resolve(body) : reject(err as Error)));
      stream.on("error", (e) => reject(e));
      stream.resume();
      return;
    }
    stream.on("data", (chunk: Buffer) => (body.bytes += chunk.length));
    parser.on("field", (name, value) => (body.values[name] ??= []).push(value));
    parser.on("file", (name, file, filename) => {
      const chunks: Buffer[] = [];
      const entry: MultipartFile = { filename, data: Buffer.alloc(0), truncated: false };
      (body.files[name] ??= []).push(entry);
      file.on("data", (chunk: Buffer) => chunks.push(chunk));
      file.on("limit", () => (entry.truncated = true));
      file.on("end", () => (entry.data = Buffer.concat(chunks)));
    });
    parser.on("error", (err: Error) => (body.bytes === 0 ? resolve(body) : reject(err)));
    parser.on("finish", () => resolve(body));
    stream.on("error", (err) => reject(err));
    stream.pipe(parser);
  });
}

/**
 * What the server's multipart reader keeps. Its one route is the transforms deploy, whose module
 * may be 10 MiB ("The maximum size for this file is 10MiB", the vendor's DeployTransform): one byte
 * more is kept to tell a larger module apart; the metadata is a small JSON document.
 */
export const MULTIPART_LIMITS: MultipartLimits = {
  maxFileBytes: 10 * 1024 * 1024 + 1,
  maxValueBytes: 1024 * 1024,
};

export function isMultipart(body: unknown): body is MultipartBody {
  return (
    typeof body === "object" && body !== null && (body as { kind?: unknown }).kind === "multipart"
  );
}
