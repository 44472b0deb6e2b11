// Command sdkgen writes the Go, Python and Node.js SDKs of the redpandacloud plugin from its
// package schema (sdk/schema.json, itself generated from the kind declarations by
// scripts/codegen/schema.ts). It calls the SDK generators of github.com/pulumi/pulumi/pkg/v3
// directly because `pulumi package gen-sdk` needs language hosts that implement GeneratePackage,
// which the hosts buildable here do not.
//
//	sdkgen -schema sdk/schema.json -out sdk [-lang go,python,nodejs]
//
// Each language's folder under -out is replaced whole, so files the generator no longer makes
// disappear. scripts/sdkgen.sh builds this program once (cached) and runs it.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool names the generator in the "do not edit" header of every generated file.
const tool = "pulumi-redpanda-cloud sdkgen"

// noReferences is the schema loader: the redpandacloud schema refers to no other package, so any
// attempt to load one is a mistake in the schema and fails loudly.
type noReferences struct{}

func (noReferences) refuse(name string) error {
	return fmt.Errorf("sdkgen: the schema refers to package %q; redpandacloud must be self-contained", name)
}

func (l noReferences) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, l.refuse(pkg)
}

func (l noReferences) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, l.refuse(d.Name)
}

func (l noReferences) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, l.refuse(pkg)
}

func (l noReferences) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, l.refuse(d.Name)
}

// bind reads and validates the schema against Pulumi's metaschema.
func bind(file string) (*schema.Package, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noReferences{}, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", file, diags.Error())
	}
	return pkg, nil
}

func generate(lang string, pkg *schema.Package) (map[string][]byte, error) {
	switch lang {
	case "go":
		return gogen.GeneratePackage(tool, pkg, nil)
	case "python":
		return pythongen.GeneratePackage(tool, pkg, nil, noReferences{})
	case "nodejs":
		return nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, noReferences{})
	}
	return nil, fmt.Errorf("sdkgen: no generator for language %q (go, python, nodejs)", lang)
}

// write replaces dir with exactly the generated files.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

func run() error {
	schemaFile := flag.String("schema", "sdk/schema.json", "the package schema")
	out := flag.String("out", "sdk", "the folder that receives go/, python/, nodejs/")
	langs := flag.String("lang", "go,python,nodejs", "comma-separated languages")
	flag.Parse()
	if flag.NArg() != 0 {
		return errors.New("sdkgen: unexpected arguments " + strings.Join(flag.Args(), " "))
	}
	for _, lang := range strings.Split(*langs, ",") {
		// Each generator decorates the bound package with its language's settings, so each gets a
		// fresh one.
		pkg, err := bind(*schemaFile)
		if err != nil {
			return err
		}
		files, err := generate(lang, pkg)
		if err != nil {
			return fmt.Errorf("sdkgen: %s: %w", lang, err)
		}
		if err := write(filepath.Join(*out, lang), files); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "sdkgen: %s: %d files\n", lang, len(files))
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
