// Command gomodzip writes one module version into a file-based GOPROXY folder, as the Go module
// proxy protocol lays it out (https://go.dev/ref/mod#goproxy-protocol):
//
//	<proxy>/<escaped module path>/@v/list, <version>.info, <version>.mod, <version>.zip
//
// The zip is made by golang.org/x/mod/zip (the go command's own rules: file names, sizes, no
// nested modules), so `GOPROXY=file://<proxy> go get <module>@<version>` accepts it.
//
//	go run . -dir ../../../sdk/go -version v0.1.0 -time 2026-01-01T00:00:00Z -out <proxy>
//
// It prints the files it wrote, relative to -out, one per line.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("dir", "", "the module's folder (holds go.mod)")
	version := flag.String("version", "", "the version, e.g. v0.1.0")
	when := flag.String("time", "", "the version's time (RFC 3339) for the .info file")
	out := flag.String("out", "", "the GOPROXY folder to write into")
	flag.Parse()
	files, err := write(*dir, *version, *when, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gomodzip:", err)
		os.Exit(1)
	}
	for _, f := range files {
		fmt.Println(f)
	}
}

func write(dir, version, when, out string) ([]string, error) {
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, err
	}
	path := modfile.ModulePath(gomod)
	mv := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return nil, err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return nil, err
	}
	rel := filepath.Join(escaped, "@v")
	if err := os.MkdirAll(filepath.Join(out, rel), 0o755); err != nil {
		return nil, err
	}
	info, err := json.Marshal(map[string]string{"Version": version, "Time": when})
	if err != nil {
		return nil, err
	}
	written := []string{}
	put := func(name string, data []byte) error {
		written = append(written, filepath.Join(rel, name))
		return os.WriteFile(filepath.Join(out, rel, name), data, 0o644)
	}
	if err := put("list", []byte(version+"\n")); err != nil {
		return nil, err
	}
	if err := put(version+".info", info); err != nil {
		return nil, err
	}
	if err := put(version+".mod", gomod); err != nil {
		return nil, err
	}
	zf, err := os.Create(filepath.Join(out, rel, version+".zip"))
	if err != nil {
		return nil, err
	}
	defer zf.Close()
	if err := modzip.CreateFromDir(zf, mv, dir); err != nil {
		return nil, err
	}
	return append(written, filepath.Join(rel, version+".zip")), zf.Close()
}
