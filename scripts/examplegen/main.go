// Command examplegen converts the plugin's examples, Pulumi YAML programs written once
// (sdk/examples/<Name>.yaml, <Name> the last part of a resource's or function's token), into every
// language Pulumi generates programs for, with Pulumi's own generators: pulumi-yaml's converter
// (the `pulumi convert --from yaml` path) turns each into PCL bound against the package schema
// (sdk/schema.json), then the program generators of github.com/pulumi/pulumi/pkg/v3 (TypeScript,
// Python, Go), pulumi-java (Java) and pulumi-dotnet (C#) write it in their language.
//
//	examplegen -schema sdk/schema.json -examples sdk/examples -out sdk/examples
//
// It writes <out>/<language>/<Name>.<ext> (typescript/.ts, python/.py, go/.go, java/.java,
// csharp/.cs), each language's folder replaced whole so a removed example's files disappear. The
// first line of each file says it is generated and from what. scripts/codegen embeds them in the
// schema's descriptions; scripts/sdkgen.sh builds this program once (cached) and runs it.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	dotnetgen "github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3/codegen"
	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml"
	yamlgen "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/model"
	hclsyntax "github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/zclconf/go-cty/cty"
)

// language is one program generator and where its example files go.
type language struct {
	dir      string // folder under -out
	ext      string // file extension
	comment  string // line-comment prefix, for the "generated" first line
	main     string // the file of GenerateProgram's output that holds the program
	generate func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
}

var languages = map[string]language{
	"typescript": {"typescript", ".ts", "//", "index.ts", nodejsgen.GenerateProgram},
	"python":     {"python", ".py", "#", "__main__.py", pythongen.GenerateProgram},
	"go":         {"go", ".go", "//", "main.go", gogen.GenerateProgram},
	"java":       {"java", ".java", "//", "MyStack.java", javagen.GenerateProgram},
	"csharp":     {"csharp", ".cs", "//", "Program.cs", dotnetgen.GenerateProgram},
}

// onePackage is the schema loader: it serves the redpandacloud package from the schema file and
// refuses any other, since the examples use no other package. Each loader binds the schema once,
// on first use, so each generator run gets a package no other generator has decorated with its
// language's settings.
type onePackage struct {
	spec *schema.PackageSpec
	pkg  *schema.Package
}

func (l *onePackage) load(name string) (*schema.Package, error) {
	if name != l.spec.Name {
		return nil, fmt.Errorf("examplegen: an example uses package %q; only %q is served", name, l.spec.Name)
	}
	if l.pkg == nil {
		pkg, diags, err := schema.BindSpec(*l.spec, l, schema.ValidationOptions{})
		if err != nil {
			return nil, err
		}
		if diags.HasErrors() {
			return nil, diags
		}
		l.pkg = pkg
	}
	return l.pkg, nil
}

func (l *onePackage) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.load(name)
}

func (l *onePackage) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.load(d.Name)
}

func (l *onePackage) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.load(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l *onePackage) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

// example is one YAML program: its name (the file's base name) and source.
type example struct {
	name   string
	file   string
	source []byte
}

// toPCL converts a YAML program into PCL text with pulumi-yaml's converter, which also checks the
// program against the schema (unknown types, properties and functions are errors).
func toPCL(ex example, spec *schema.PackageSpec) (string, error) {
	template, tdiags, err := pulumiyaml.LoadYAMLBytes(ex.file, ex.source)
	if err != nil {
		return "", err
	}
	if tdiags.HasErrors() {
		return "", tdiags
	}
	text, diags, err := yamlgen.ConvertTemplateIL(template, &onePackage{spec: spec})
	if err != nil {
		return "", err
	}
	if diags.HasErrors() {
		return "", diags
	}
	return text, nil
}

// bind parses and binds PCL text, strictly (full type checking), against a fresh copy of the package.
func bind(name, text string, spec *schema.PackageSpec) (*pcl.Program, error) {
	parser := hclsyntax.NewParser()
	if err := parser.ParseFile(strings.NewReader(text), name+".pp"); err != nil {
		return nil, err
	}
	if parser.Diagnostics.HasErrors() {
		return nil, parser.Diagnostics
	}
	// Output-versioned invokes, as every language host binds a program it generates (their
	// GenerateProgram RPC): an invoke's result is then an Output, used the same way in each language.
	program, diags, err := pcl.BindProgram(parser.Files, &onePackage{spec: spec}, pcl.PreferOutputVersionedInvokes)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return program, nil
}

// convert writes one example in one language: the generated program, after a first line saying
// where it comes from.
func convert(
	ex example, pclText string, lang language, spec *schema.PackageSpec, sdk *goSDK,
) ([]byte, error) {
	program, err := bind(ex.name, pclText, spec)
	if err != nil {
		return nil, err
	}
	if lang.dir == "typescript" {
		if err := nodejsTemplateLiterals(program); err != nil {
			return nil, err
		}
	}
	files, diags, err := lang.generate(program)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	code, ok := files[lang.main]
	if !ok {
		names := make([]string, 0, len(files))
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("the generator wrote no %s (it wrote %s)", lang.main, strings.Join(names, ", "))
	}
	// Go's own form of the line, which tools (golangci-lint, gofmt -l) recognize; the same words in
	// every language.
	header := fmt.Sprintf("%s Code generated by scripts/sdkgen.sh from sdk/examples/%s.yaml; DO NOT EDIT.\n",
		lang.comment, ex.name)
	switch lang.dir {
	case "java":
		code = javaBasePackage(code, spec)
		code = javaNoArgInvokes(code)
		code = javaFormatStrings(code)
		code = javaEnums(code, spec)
		code = javaListIndexes(code)
		code = javaOutputMaps(code)
	case "go":
		code = goLookups(code, spec, sdk.lookups)
		code = goEnums(code, spec, sdk.enums)
		code = goNoArgInvokes(code, spec, sdk.code)
		code = goListOutputs(code, spec, sdk.code)
	}
	code = append(bytes.TrimRight(bytes.TrimLeft(code, "\n"), "\n \t"), '\n')
	return append([]byte(header), code...), nil
}

// goSDK is what the Go SDK generator writes for the package, for the corrections below: its code
// (all files), Get<X> → Lookup<X> for each function it renames, and each enum constant the program
// generator names differently (PipelineStateRunning → PipelineStateEnumRunning).
type goSDK struct {
	code    []byte
	lookups map[string]string
	enums   map[string]string
}

// goSDKNames asks the Go SDK generator how it names each function and enum constant: `getCluster`
// is `LookupCluster` in the Go SDK when the package has a resource `Cluster` (whose getter is
// `GetCluster`); an enum type `PipelineState` is `PipelineStateEnum` when a resource `Pipeline`
// has the state struct `PipelineState`.
func goSDKNames(spec *schema.PackageSpec) (*goSDK, error) {
	pkg, err := (&onePackage{spec: spec}).load(spec.Name)
	if err != nil {
		return nil, err
	}
	files, err := gogen.GeneratePackage("examplegen", pkg, nil)
	if err != nil {
		return nil, err
	}
	var sdk bytes.Buffer
	for _, code := range files {
		sdk.Write(code)
	}
	renamed := map[string]string{}
	for token := range spec.Functions {
		member := token[strings.LastIndex(token, ":")+1:]
		if !strings.HasPrefix(member, "get") {
			continue
		}
		lookup := "Lookup" + gogen.Title(member[3:])
		if bytes.Contains(sdk.Bytes(), []byte("func "+lookup+"(ctx *pulumi.Context")) {
			renamed["Get"+gogen.Title(member[3:])] = lookup
		}
	}
	enums := map[string]string{}
	for token, t := range spec.Types {
		if len(t.Enum) == 0 {
			continue
		}
		name := gogen.Title(token[strings.LastIndex(token, ":")+1:])
		if bytes.Contains(sdk.Bytes(), []byte("\ntype "+name+" string\n")) {
			continue // the SDK uses the schema's name: nothing to correct
		}
		constant := regexp.MustCompile(`(?m)^\t` + regexp.QuoteMeta(name) + `Enum(\w+)\s*=\s*` +
			regexp.QuoteMeta(name) + `Enum\(`)
		for _, m := range constant.FindAllSubmatch(sdk.Bytes(), -1) {
			enums[name+string(m[1])] = name + "Enum" + string(m[1])
		}
	}
	return &goSDK{code: sdk.Bytes(), lookups: renamed, enums: enums}, nil
}

// goLookups corrects pkg/v3's Go program generator, which calls such a function by its Get name
// when its token is `<package>:index:<name>` (ours) rather than `<package>:index/<name>:<name>`:
// its useLookupInvokeForm looks the names up in module "index", which the SDK generator keys as "".
// Only the invoke's own identifiers are renamed (GetX followed by Output, Args, OutputArgs, Result,
// ResultOutput, or called with an argument struct), never a resource's GetX(ctx, name, id, state);
// the Go build check (tests/e2e/examples-compile.test.ts) fails if the output is still wrong.
func goLookups(code []byte, spec *schema.PackageSpec, renamed map[string]string) []byte {
	alias := regexp.QuoteMeta(spec.Name)
	for get, lookup := range renamed {
		g := regexp.QuoteMeta(get)
		suffixed := regexp.MustCompile(`\b(` + alias + `\.)` + g + `(Output|OutputArgs|Args|Result|ResultOutput)\b`)
		code = suffixed.ReplaceAll(code, []byte("${1}"+lookup+"${2}"))
		called := regexp.MustCompile(`\b(` + alias + `\.)` + g + `(\(ctx, (?:&` + alias + `\.|nil))`)
		code = called.ReplaceAll(code, []byte("${1}"+lookup+"${2}"))
	}
	return code
}

// goEnums corrects pkg/v3's Go program generator (v3.276.0), which names an enum constant
// <Type><Value> from the schema's type name, while the Go SDK generator names the type <Type>Enum
// when <Type> is taken (the resource Pipeline's state struct PipelineState): it writes
// redpandacloud.PipelineStateRunning for the SDK's PipelineStateEnumRunning. Only the constants
// goSDKNames found under the other name are renamed.
func goEnums(code []byte, spec *schema.PackageSpec, renamed map[string]string) []byte {
	alias := regexp.QuoteMeta(spec.Name)
	for from, to := range renamed {
		re := regexp.MustCompile(`\b(` + alias + `\.)` + regexp.QuoteMeta(from) + `\b`)
		code = re.ReplaceAll(code, []byte("${1}"+to))
	}
	return code
}

// goNoArgInvokes corrects pkg/v3's Go program generator (v3.276.0) for a function without
// inputs (getPermissions): it calls the plain form with an empty map as the arguments,
// `p, err := GetPermissions(ctx, map[string]interface{}{}, nil)` and its error check, which the
// SDK's `GetPermissions(ctx, opts ...pulumi.InvokeOption)` does not take, and then uses the result
// as the Output the other invokes give. Rewritten to the SDK's output form,
// `p := GetPermissionsOutput(ctx)`, when the SDK has it.
func goNoArgInvokes(code []byte, spec *schema.PackageSpec, sdk []byte) []byte {
	re := regexp.MustCompile(`(\w+), err := (` + regexp.QuoteMeta(spec.Name) +
		`\.)(\w+)\(ctx, map\[string\]interface\{\}\{\}, nil\)\n(\s*)if err != nil \{\n\s*return err\n\s*\}\n`)
	return re.ReplaceAllFunc(code, func(m []byte) []byte {
		sub := re.FindSubmatch(m)
		fn := string(sub[3]) + "Output"
		if !bytes.Contains(sdk, []byte("func "+fn+"(ctx *pulumi.Context, opts ...pulumi.InvokeOption)")) {
			return m
		}
		return []byte(fmt.Sprintf("%s := %s%s(ctx)\n", sub[1], sub[2], fn))
	})
}

// goListOutputs corrects pkg/v3's Go program generator (v3.276.0) for a list of objects read from
// an invoke's result (`${regions.items}`): it writes an ApplyT whose body type-asserts the field,
// `return r.Items.([]redpandacloud.RegionInfo), nil`, which does not compile (the field is a slice,
// not an interface), cast to pulumi.ArrayOutput. Rewritten to the result output's own accessor,
// `regions.Items()` (a RegionInfoArrayOutput), when the SDK has it.
func goListOutputs(code []byte, spec *schema.PackageSpec, sdk []byte) []byte {
	alias := regexp.QuoteMeta(spec.Name)
	re := regexp.MustCompile(`(\w+)\.ApplyT\(func\(\w+ ` + alias + `\.(\w+)Result\) \(\[\]` + alias +
		`\.(\w+), error\) \{\n\s*return \w+\.(\w+)\.\(\[\]` + alias + `\.(\w+)\), nil\n\s*\}\)\.\(pulumi\.ArrayOutput\)`)
	return re.ReplaceAllFunc(code, func(m []byte) []byte {
		sub := re.FindSubmatch(m)
		value, fn, elem, field := string(sub[1]), string(sub[2]), string(sub[3]), string(sub[4])
		if elem != string(sub[5]) {
			return m
		}
		accessor := fmt.Sprintf("func (o %sResultOutput) %s() %sArrayOutput", fn, field, elem)
		if !bytes.Contains(sdk, []byte(accessor)) {
			return m
		}
		return []byte(value + "." + field + "()")
	})
}

// nodejsTemplateLiterals corrects pkg/v3's TypeScript program generator (v3.276.0), which writes
// the literal parts of an interpolated string into a template literal as they are: a literal `${`
// (YAML's `$${`, as in `$${secretsManager:<id>:<key>}`) then opens an interpolation, and a
// backquote or backslash would end or escape. The literal parts of each template with an
// interpolation are escaped in the bound program before the generator writes them (a template
// without one is a plain string, which the generator escapes itself).
func nodejsTemplateLiterals(program *pcl.Program) error {
	escape := strings.NewReplacer("\\", "\\\\", "`", "\\`", "${", "\\${")
	visit := func(x model.Expression) (model.Expression, hcl.Diagnostics) {
		tmpl, ok := x.(*model.TemplateExpression)
		if !ok || len(tmpl.Parts) < 2 {
			return x, nil
		}
		for _, part := range tmpl.Parts {
			if lit, ok := part.(*model.LiteralValueExpression); ok && lit.Value.Type() == cty.String &&
				lit.Value.IsKnown() && !lit.Value.IsNull() {
				lit.Value = cty.StringVal(escape.Replace(lit.Value.AsString()))
			}
		}
		return x, nil
	}
	for _, node := range program.Nodes {
		if diags := node.VisitExpressions(model.IdentityVisitor, visit); diags.HasErrors() {
			return diags
		}
	}
	return nil
}

// javaNoArgInvokes corrects pulumi-java's program generator (v1.34.0), which panics formatting the
// arguments of a function without inputs (getPermissions) and writes the panic in place of the
// arguments and the closing parenthesis: `getPermissions(%!v(PANIC=Format method: ...);`. The Java
// SDK's getPermissions() takes none.
func javaNoArgInvokes(code []byte) []byte {
	re := regexp.MustCompile(`(Functions\.\w+\()%!v\(PANIC=Format method: [^()]*\)`)
	return re.ReplaceAll(code, []byte("${1})"))
}

// javaFormatStrings corrects pulumi-java's program generator (v1.34.0) for an interpolated string
// (its GenTemplateExpression). On one line it writes String.format("…%s…", x) but doubles each
// brace, as C#'s String.Format needs and Java's does not: `$${secretsManager:…}` came out as
// `${{secretsManager:…}}`. Over several lines it opens a text block, writes %s for each
// interpolation, then closes with `", x)`: neither a closed text block nor a String.format call.
// The doubled braces in String.format's first argument are undone, and such a text block is
// written as String.format("""…""", x).
func javaFormatStrings(code []byte) []byte {
	format := regexp.MustCompile(`String\.format\("((?:[^"\\\n]|\\.)*)"`)
	code = format.ReplaceAllFunc(code, func(m []byte) []byte {
		m = bytes.ReplaceAll(m, []byte("{{"), []byte("{"))
		return bytes.ReplaceAll(m, []byte("}}"), []byte("}"))
	})
	var out bytes.Buffer
	for {
		open := bytes.Index(code, []byte("\"\"\"\n"))
		if open < 0 {
			break
		}
		rest := code[open+4:]
		closeBlock := bytes.Index(rest, []byte("\"\"\""))
		broken := bytes.Index(rest, []byte("\n\", "))
		if broken >= 0 && (closeBlock < 0 || broken < closeBlock) {
			out.Write(code[:open])
			out.WriteString("String.format(\"\"\"\n")
			out.Write(rest[:broken+1])
			out.WriteString("\"\"\", ")
			code = rest[broken+4:]
			continue
		}
		end := open + 4 + closeBlock + 3
		if closeBlock < 0 {
			end = len(code)
		}
		out.Write(code[:end])
		code = code[end:]
	}
	out.Write(code)
	return out.Bytes()
}

// javaEnums corrects pulumi-java's program generator (v1.34.0), which has no enums: it passes an
// enum input its string, `.cloudProvider("CLOUD_PROVIDER_GCP")`, where the Java SDK's builder takes
// the enum, `.cloudProvider(CloudProvider.Gcp)`. A call `.<property>("<value>")` in the chain of
// a builder `<Name>Args.builder()` is rewritten when the schema's resource or object type <Name>
// gives that property an enum (directly, as a list's items or in a oneOf) with that value, and the
// enum's class is imported; any other string is left as it is (the Java compile check fails if
// one is still wrong).
func javaEnums(code []byte, spec *schema.PackageSpec) []byte {
	var java struct {
		BasePackage string `json:"basePackage"`
	}
	if raw, ok := spec.Language["java"]; ok {
		_ = json.Unmarshal(raw, &java)
	}
	base := java.BasePackage
	if base == "" {
		base = "com.pulumi"
	}
	// The enums each property refers to, by the builder's class: <Resource>Args for a resource's
	// inputs, <Type>Args for an object type's (a function's inputs are strings: none).
	enumsOf := map[string]map[string]bool{}
	ref := func(class, prop string, p schema.PropertySpec) {
		prop = class + "." + prop
		refs := []string{p.Ref}
		if p.Items != nil {
			refs = append(refs, p.Items.Ref)
		}
		for _, o := range p.OneOf {
			refs = append(refs, o.Ref)
		}
		for _, r := range refs {
			token := strings.TrimPrefix(r, "#/types/")
			if t, ok := spec.Types[token]; ok && len(t.Enum) > 0 {
				if enumsOf[prop] == nil {
					enumsOf[prop] = map[string]bool{}
				}
				enumsOf[prop][token] = true
			}
		}
	}
	className := func(token string) string { return token[strings.LastIndex(token, ":")+1:] + "Args" }
	for token, r := range spec.Resources {
		for name, p := range r.InputProperties {
			ref(className(token), name, p)
		}
	}
	for token, t := range spec.Types {
		for name, p := range t.Properties {
			ref(className(token), name, p)
		}
	}
	imports := map[string]bool{}
	call := regexp.MustCompile(`\.(\w+)\("([^"\\]*)"\)`)
	var out bytes.Buffer
	last := 0
	for _, loc := range call.FindAllSubmatchIndex(code, -1) {
		out.Write(code[last:loc[0]])
		last = loc[1]
		m := code[loc[0]:loc[1]]
		out.Write(javaEnumCall(m, javaBuilderClass(code[:loc[0]]), call, spec, enumsOf, imports))
	}
	out.Write(code[last:])
	code = out.Bytes()
	if len(imports) == 0 {
		return code
	}
	classes := make([]string, 0, len(imports))
	for c := range imports {
		classes = append(classes, fmt.Sprintf("import %s.%s.enums.%s;\n", base, spec.Name, c))
	}
	sort.Strings(classes)
	pkg := regexp.MustCompile(`(?m)^package [\w.]+;\n\n`)
	if loc := pkg.FindIndex(code); loc != nil {
		code = append(code[:loc[1]:loc[1]], append([]byte(strings.Join(classes, "")), code[loc[1]:]...)...)
	}
	return code
}

// javaEnumCall rewrites one builder call `.<property>("<value>")` for javaEnums.
func javaEnumCall(
	m []byte, builder string, call *regexp.Regexp, spec *schema.PackageSpec,
	enumsOf map[string]map[string]bool, imports map[string]bool,
) []byte {
	sub := call.FindSubmatch(m)
	prop, value := builder+"."+strings.TrimSuffix(string(sub[1]), "_"), string(sub[2])
	var class, member string
	found := 0
	for token := range enumsOf[prop] {
		for _, e := range spec.Types[token].Enum {
			if v, ok := e.Value.(string); ok && v == value && e.Name != "" {
				class, member = token[strings.LastIndex(token, ":")+1:], e.Name
				found++
			}
		}
	}
	if found != 1 {
		return m
	}
	imports[class] = true
	return []byte(fmt.Sprintf(".%s(%s.%s)", sub[1], class, member))
}

// javaBuilderClass is the class of the builder whose chain the code before a call ends in
// (`FooArgs.builder()\n .a(…)\n` → FooArgs), or "" when that code ends inside an argument list:
// back over balanced parentheses to `<Class>.builder()`.
func javaBuilderClass(before []byte) string {
	builder := regexp.MustCompile(`(\w+Args)\.builder\(\)$`)
	depth := 0
	for i := len(before) - 1; i >= 0; i-- {
		switch before[i] {
		case ')':
			if depth == 0 {
				if m := builder.FindSubmatch(before[:i+1]); m != nil {
					return string(m[1])
				}
			}
			depth++
		case '(':
			if depth == 0 {
				return ""
			}
			depth--
		}
	}
	return ""
}

// javaListIndexes corrects pulumi-java's program generator (v1.34.0), which indexes a list output
// as an array, `_r.zones()[0]`; the Java SDK's getters return java.util.List: `.get(0)`.
func javaListIndexes(code []byte) []byte {
	re := regexp.MustCompile(`\(\)\[(\d+)\]`)
	return re.ReplaceAll(code, []byte("().get(${1})"))
}

// javaOutputMaps corrects pulumi-java's program generator (v1.34.0), which writes a map whose
// value is an Output as a Map of it, `Map.of("key", secretConfig)` (Map<String,Output<String>>),
// where the SDK's builder takes a Map<String,String> or an Output of one. A Map.of or
// Map.ofEntries with exactly one such value (a config secret's variable, or `e.applyValue(_x ->
// body)`) is written as that Output's applyValue of the map: `secretConfig.applyValue(_value ->
// Map.of("key", _value))`.
func javaOutputMaps(code []byte) []byte {
	secrets := map[string]bool{}
	for _, m := range regexp.MustCompile(`final var (\w+) = (?:ctx\.)?config(?:\(\))?\.requireSecret\(`).FindAllSubmatch(code, -1) {
		secrets[string(m[1])] = true
	}
	mapCall := regexp.MustCompile(`Map\.(of|ofEntries)\(`)
	for start := 0; ; {
		loc := mapCall.FindIndex(code[start:])
		if loc == nil {
			return code
		}
		open, end := start+loc[1]-1, javaClose(code, start+loc[1]-1)
		if end < 0 {
			return code
		}
		args := javaArgs(code[open+1 : end])
		entries := args
		entry := false
		if bytes.HasSuffix(code[start:open], []byte("ofEntries")) {
			entry = true
		}
		type value struct{ arg, inner int }
		var outs []value
		var expr, param, body []byte
		for i, a := range entries {
			v, inner := a, -1
			if entry {
				t := bytes.TrimSpace(a)
				if !bytes.HasPrefix(t, []byte("Map.entry(")) || !bytes.HasSuffix(t, []byte(")")) {
					continue
				}
				kv := javaArgs(t[len("Map.entry(") : len(t)-1])
				if len(kv) != 2 {
					continue
				}
				v, inner = kv[1], 1
			}
			t := bytes.TrimSpace(v)
			if secrets[string(t)] {
				outs = append(outs, value{i, inner})
				expr, param, body = t, []byte("_value"), []byte("_value")
				continue
			}
			if e, p, b, ok := javaApplyValue(t); ok {
				outs = append(outs, value{i, inner})
				expr, param, body = e, p, b
			}
		}
		if len(outs) != 1 {
			start = open + 1
			continue
		}
		// The map again, the Output's value in place of the Output.
		var inner bytes.Buffer
		inner.Write(code[start+loc[0] : open+1])
		for i, a := range args {
			if i > 0 {
				inner.WriteString(",")
			}
			if i != outs[0].arg {
				inner.Write(a)
				continue
			}
			if !entry {
				lead := a[:len(a)-len(bytes.TrimLeft(a, " \n\t"))]
				inner.Write(lead)
				inner.Write(body)
				continue
			}
			t := bytes.TrimSpace(a)
			kv := javaArgs(t[len("Map.entry(") : len(t)-1])
			lead := a[:len(a)-len(bytes.TrimLeft(a, " \n\t"))]
			inner.Write(lead)
			inner.WriteString("Map.entry(")
			inner.Write(kv[0])
			inner.WriteString(", ")
			inner.Write(body)
			inner.WriteString(")")
			inner.Write(a[len(bytes.TrimRight(a, " \n\t")):])
		}
		inner.WriteString(")")
		rewritten := fmt.Sprintf("%s.applyValue(%s -> %s)", expr, param, inner.Bytes())
		code = append(code[:start+loc[0]:start+loc[0]], append([]byte(rewritten), code[end+1:]...)...)
		start = start + loc[0] + len(rewritten)
	}
}

// javaApplyValue splits `e.applyValue(_x -> body)` (the whole of t) into e, _x and body.
func javaApplyValue(t []byte) (expr, param, body []byte, ok bool) {
	at := bytes.LastIndex(t, []byte(".applyValue("))
	if at < 0 {
		return nil, nil, nil, false
	}
	open := at + len(".applyValue(") - 1
	if javaClose(t, open) != len(t)-1 {
		return nil, nil, nil, false
	}
	m := regexp.MustCompile(`^(\w+) -> `).FindSubmatch(t[open+1:])
	if m == nil {
		return nil, nil, nil, false
	}
	return t[:at], m[1], t[open+1+len(m[0]) : len(t)-1], true
}

// javaClose is the index of the parenthesis closing the one at open, skipping string literals;
// -1 if none.
func javaClose(code []byte, open int) int {
	depth := 0
	for i := open; i < len(code); i++ {
		switch code[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '"':
			for i++; i < len(code) && code[i] != '"'; i++ {
				if code[i] == '\\' {
					i++
				}
			}
		}
	}
	return -1
}

// javaArgs splits an argument list at its top-level commas, skipping string literals.
func javaArgs(list []byte) [][]byte {
	var args [][]byte
	depth, from := 0, 0
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '"':
			for i++; i < len(list) && list[i] != '"'; i++ {
				if list[i] == '\\' {
					i++
				}
			}
		case ',':
			if depth == 0 {
				args = append(args, list[from:i])
				from = i + 1
			}
		}
	}
	return append(args, list[from:])
}

// javaBasePackage corrects pulumi-java's program generator, which honours the schema's
// language.java.basePackage for resources (pulumi/pulumi-java#1714) but not for functions and
// their argument types: it imports com.pulumi.<package>.<Package>Functions and
// com.pulumi.<package>.inputs.*, which the Java SDK (generated with the basePackage) does not
// have. Only that prefix is rewritten, to the one the SDK generator uses; the Java compile check
// (tests/e2e/examples-compile.test.ts) fails if the output is still wrong.
func javaBasePackage(code []byte, spec *schema.PackageSpec) []byte {
	var java struct {
		BasePackage string `json:"basePackage"`
	}
	if raw, ok := spec.Language["java"]; ok {
		if err := json.Unmarshal(raw, &java); err != nil {
			return code
		}
	}
	if java.BasePackage == "" || java.BasePackage == "com.pulumi" {
		return code
	}
	wrong := []byte("com.pulumi." + spec.Name + ".")
	right := []byte(java.BasePackage + "." + spec.Name + ".")
	return bytes.ReplaceAll(code, wrong, right)
}

func readExamples(dir string) ([]example, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	examples := make([]example, 0, len(files))
	for _, file := range files {
		source, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		// The title is what the schema's description shows above the example (scripts/codegen).
		if !bytes.HasPrefix(source, []byte("# ")) {
			return nil, fmt.Errorf("%s: the first line must be a `# <title>` comment", file)
		}
		examples = append(examples, example{name: name, file: file, source: source})
	}
	return examples, nil
}

func run() error {
	schemaFile := flag.String("schema", "sdk/schema.json", "the package schema")
	examplesDir := flag.String("examples", "sdk/examples", "the folder of the YAML examples")
	out := flag.String("out", "sdk/examples", "the folder that receives <language>/")
	langs := flag.String("lang", "typescript,python,go,java,csharp", "comma-separated languages")
	flag.Parse()
	if flag.NArg() != 0 {
		return errors.New("examplegen: unexpected arguments " + strings.Join(flag.Args(), " "))
	}
	raw, err := os.ReadFile(*schemaFile)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", *schemaFile, err)
	}
	examples, err := readExamples(*examplesDir)
	if err != nil {
		return err
	}
	selected := strings.Split(*langs, ",")
	for _, l := range selected {
		if _, ok := languages[l]; !ok {
			return fmt.Errorf("examplegen: no generator for language %q", l)
		}
	}

	// Every example in every language first, so one bad example fails the run before any folder is
	// replaced, and the error names each failing example and language.
	sdk, err := goSDKNames(&spec)
	if err != nil {
		return fmt.Errorf("examplegen: the Go SDK's function names: %w", err)
	}
	written := map[string]map[string][]byte{}
	var failures []string
	for _, ex := range examples {
		pclText, err := toPCL(ex, &spec)
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: yaml to pcl: %v", ex.file, err))
			continue
		}
		for _, l := range selected {
			lang := languages[l]
			code, err := convert(ex, pclText, lang, &spec, sdk)
			if err != nil {
				failures = append(failures, fmt.Sprintf("%s: %s: %v", ex.file, l, err))
				continue
			}
			if written[l] == nil {
				written[l] = map[string][]byte{}
			}
			written[l][ex.name+lang.ext] = code
		}
	}
	if len(failures) > 0 {
		return errors.New(strings.Join(failures, "\n"))
	}
	for _, l := range selected {
		dir := filepath.Join(*out, languages[l].dir)
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if len(written[l]) == 0 {
			continue // no examples: no folder (git keeps no empty one)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for name, code := range written[l] {
			if err := os.WriteFile(filepath.Join(dir, name), code, 0o644); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(os.Stderr, "examplegen: %d examples in %s\n", len(examples), strings.Join(selected, ", "))
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
