// Protobuf schemas in the form Redpanda's Schema Registry stores them (FileDescriptor DebugString,
// package above imports: protobuf.cc), parsed by protobufjs; and the comparison the Schema kind
// makes with it.
import { sameSchemaText, storedForm } from "../../../provider/schema-form";

const proto = (text: string, deps: { name: string; text: string }[] = []) =>
  storedForm("PROTOBUF", text, deps);

// The case the Terraform provider met (its commit d862c7b): the registry moved the enum above the
// message and qualified the type reference.
const written = `syntax = "proto3";
package fulfillment.activity_feed.v1;

// What happened.
message ActivityFeedEvent {
  ActivityType type = 1; // trailing comment
}

enum ActivityType {
  ACTIVITY_TYPE_UNSPECIFIED = 0;
  ACTIVITY_TYPE_CREATED = 1;
}
`;
const returned = `syntax = "proto3";
package fulfillment.activity_feed.v1;

enum ActivityType {
  ACTIVITY_TYPE_UNSPECIFIED = 0;
  ACTIVITY_TYPE_CREATED = 1;
}
message ActivityFeedEvent {
  .fulfillment.activity_feed.v1.ActivityType type = 1;
}
`;

it("renders DebugString: enums first, types qualified, comments gone, blank lines as protoc's", () => {
  expect(proto(written)).toBe(
    [
      'syntax = "proto3";',
      "",
      "package fulfillment.activity_feed.v1;",
      "",
      "enum ActivityType {",
      "  ACTIVITY_TYPE_UNSPECIFIED = 0;",
      "  ACTIVITY_TYPE_CREATED = 1;",
      "}",
      "",
      "message ActivityFeedEvent {",
      "  .fulfillment.activity_feed.v1.ActivityType type = 1;",
      "}",
      "",
      "",
    ].join("\n"),
  );
  expect(proto(returned)).toBe(proto(written));
  expect(sameSchemaText("PROTOBUF", written, returned)).toBe(true);
});

it("is a fixed point: the stored form stores as itself", () => {
  expect(proto(proto(written))).toBe(proto(written));
});

it("puts the package above the imports, resolves imported and well-known types", () => {
  const money = 'syntax = "proto3";\npackage shop;\nmessage Money { int64 cents = 1; }';
  const order = `syntax = "proto3";
import "shop/money.proto";
import "google/protobuf/timestamp.proto";
package shop;
message Order {
  Money total = 1;
  google.protobuf.Timestamp at = 2;
  repeated shop.Money parts = 3;
}`;
  const deps = [{ name: "shop/money.proto", text: money }];
  expect(proto(order, deps)).toBe(
    [
      'syntax = "proto3";',
      "package shop;",
      "",
      'import "shop/money.proto";',
      'import "google/protobuf/timestamp.proto";',
      "",
      "message Order {",
      "  .shop.Money total = 1;",
      "  .google.protobuf.Timestamp at = 2;",
      "  repeated .shop.Money parts = 3;",
      "}",
      "",
    ].join("\n"),
  );
  // The registry's own text, read back with the dependency as the registry holds it.
  const storedDeps = [{ name: "shop/money.proto", text: proto(money) }];
  expect(proto(proto(order, deps), storedDeps)).toBe(proto(order, deps));
  // Without the imported file the type cannot be resolved: only equal texts are the same.
  expect(() => proto(order)).toThrow(/Money/);
  expect(sameSchemaText("PROTOBUF", order, proto(order, deps))).toBe(false);
  expect(sameSchemaText("PROTOBUF", order, proto(order, deps), deps)).toBe(true);
});

it("sorts options by their number in descriptor.proto, not as written", () => {
  const text = `syntax = "proto3";
package p;
option optimize_for = SPEED;
option java_package = "com.example";
message M {
  option deprecated = true;
  repeated int32 xs = 1 [deprecated = true, packed = false];
}`;
  expect(proto(text)).toBe(
    [
      'syntax = "proto3";',
      "",
      "package p;",
      "",
      'option java_package = "com.example";',
      "option optimize_for = SPEED;",
      "",
      "message M {",
      "  option deprecated = true;",
      "  repeated int32 xs = 1 [packed = false, deprecated = true];",
      "}",
      "",
      "",
    ].join("\n"),
  );
});

it("writes nested types, maps, oneofs, proto3 optional, reserved and services as protoc does", () => {
  const text = `syntax = "proto3";
package p;
service Feed { rpc Watch(Req) returns (stream Event); }
message Event {
  reserved 9, 10 to 12, 20 to max;
  reserved "old";
  oneof body { string text = 4; int32 code = 5; }
  map<string, Kind> kinds = 3;
  optional string note = 2;
  Inner inner = 1;
  enum Kind { KIND_UNSPECIFIED = 0; }
  message Inner { string z = 1; }
}
message Req {}`;
  expect(proto(text)).toBe(
    [
      'syntax = "proto3";',
      "",
      "package p;",
      "",
      "message Event {",
      "  message Inner {",
      "    string z = 1;",
      "  }",
      "  enum Kind {",
      "    KIND_UNSPECIFIED = 0;",
      "  }",
      "  oneof body {",
      "    string text = 4;",
      "    int32 code = 5;",
      "  }",
      "  map<string, .p.Event.Kind> kinds = 3;",
      "  optional string note = 2;",
      "  .p.Event.Inner inner = 1;",
      "  reserved 9, 10 to 12, 20 to max;",
      '  reserved "old";',
      "}",
      "",
      "message Req {",
      "}",
      "",
      "service Feed {",
      "  rpc Watch(.p.Req) returns (stream .p.Event);",
      "}",
      "",
      "",
    ].join("\n"),
  );
});

it("proto2: syntax written when missing, labels, defaults, extensions", () => {
  const text = `package p;
message A {
  optional int32 a = 1 [default = 5];
  required string b = 2 [default = "x"];
  extensions 100 to 199;
}
extend A { optional int32 e = 100; }`;
  expect(proto(text)).toBe(
    [
      'syntax = "proto2";',
      "",
      "package p;",
      "",
      "message A {",
      "  optional int32 a = 1 [default = 5];",
      '  required string b = 2 [default = "x"];',
      "  extensions 100 to 199;",
      "}",
      "",
      "extend .p.A {",
      "  optional int32 e = 100;",
      "}",
      "",
      "",
    ].join("\n"),
  );
});

it("a real change is a different schema: a field's type, number, name or order", () => {
  const base = 'syntax = "proto3"; package p; message M { string a = 1; int32 b = 2; }';
  for (const other of [
    'syntax = "proto3"; package p; message M { int64 a = 1; int32 b = 2; }',
    'syntax = "proto3"; package p; message M { string a = 3; int32 b = 2; }',
    'syntax = "proto3"; package p; message M { string c = 1; int32 b = 2; }',
    // The registry keeps the written order of fields: reordered, it is another schema (another id).
    'syntax = "proto3"; package p; message M { int32 b = 2; string a = 1; }',
  ])
    expect(sameSchemaText("PROTOBUF", base, other)).toBe(false);
  expect(
    sameSchemaText(
      "PROTOBUF",
      base,
      'syntax="proto3";package p;\n/* c */ message M {\n string a = 1;\n int32 b = 2;\n}\n',
    ),
  ).toBe(true);
  expect(sameSchemaText("PROTOBUF", base, "not protobuf")).toBe(false);
});

it("imports the well-known files without references; custom options by full name and number", () => {
  const text = `syntax = "proto3";
package p;
import "google/protobuf/descriptor.proto";
import "google/protobuf/api.proto";
extend google.protobuf.FieldOptions { Level level = 50001; string pii = 50000; }
enum Level { LEVEL_UNSPECIFIED = 0; HIGH = 1; }
message M { string a = 1 [(level) = HIGH, deprecated = true, (pii) = "x"]; google.protobuf.Api api = 2; }`;
  expect(proto(text)).toBe(
    [
      'syntax = "proto3";',
      "package p;",
      "",
      'import "google/protobuf/descriptor.proto";',
      'import "google/protobuf/api.proto";',
      "",
      "enum Level {",
      "  LEVEL_UNSPECIFIED = 0;",
      "  HIGH = 1;",
      "}",
      "",
      "message M {",
      '  string a = 1 [deprecated = true, (p.pii) = "x", (p.level) = HIGH];',
      "  .google.protobuf.Api api = 2;",
      "}",
      "",
      "extend .google.protobuf.FieldOptions {",
      "  .p.Level level = 50001;",
      "  string pii = 50000;",
      "}",
      "",
    ].join("\n"),
  );
  expect(proto(proto(text))).toBe(proto(text));
});

it("proto2 groups are written inside their field, as protoc does", () => {
  expect(
    proto(
      'syntax = "proto2"; package g; message A { optional group Foo = 1 { optional int32 a = 2; } }',
    ),
  ).toBe(
    [
      'syntax = "proto2";',
      "",
      "package g;",
      "",
      "message A {",
      "  optional group Foo = 1 {",
      "    optional int32 a = 2;",
      "  }",
      "}",
      "",
      "",
    ].join("\n"),
  );
});
