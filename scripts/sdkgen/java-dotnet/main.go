// Command sdkgen-java-dotnet writes the Java and .NET SDKs of the redpandacloud plugin from its
// package schema with pulumi-java's generator (github.com/pulumi/pulumi-java/pkg/codegen/java) and
// pulumi-dotnet's (github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3/codegen). It is its own
// module: both build only against an older github.com/pulumi/pulumi/pkg/v3 than the one
// scripts/sdkgen uses (they need schema.Parameterization.BaseProvider, gone since).
//
//	sdkgen-java-dotnet -schema sdk/schema.json -out sdk [-lang java,dotnet]
//
// Each language's folder under -out is replaced whole.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	dotnetgen "github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3/codegen"
	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool names the generator in the "do not edit" header of every generated file.
const tool = "pulumi-redpanda-cloud sdkgen"

// noReferences refuses to load other packages: the schema is self-contained.
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

// logoOnly answers every HTTP request with the package's logo: the .NET generator downloads a
// logo.png for the NuGet package (pulumi's, when the schema has no logoUrl), and generation must
// not depend on the network. The logo is drawn here: 64x64, Redpanda red.
type logoOnly struct{}

func (logoOnly) RoundTrip(req *http.Request) (*http.Response, error) {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.Set(x, y, color.RGBA{R: 0xe2, G: 0x40, B: 0x1b, A: 0xff})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": []string{"image/png"}},
		Body:       io.NopCloser(&buf),
		Request:    req,
	}, nil
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
	case "java":
		return javagen.GeneratePackage(tool, pkg, nil, nil, false, false)
	case "dotnet":
		return dotnetgen.GeneratePackage(tool, pkg, nil, nil)
	}
	return nil, fmt.Errorf("sdkgen: no generator for language %q (java, dotnet)", lang)
}

// write replaces dir with exactly the generated files.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, data := range files {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func run() error {
	schemaFile := flag.String("schema", "sdk/schema.json", "the package schema")
	out := flag.String("out", "sdk", "the folder that receives java/ and dotnet/")
	langs := flag.String("lang", "java,dotnet", "comma-separated languages")
	flag.Parse()
	http.DefaultTransport = logoOnly{}
	for _, lang := range strings.Split(*langs, ",") {
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
