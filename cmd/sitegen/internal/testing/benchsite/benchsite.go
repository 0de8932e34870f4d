// Package benchsite builds the small sites the browser benchmarks
// (calcbench, throttlebench) measure: Markdown pages they write, the
// repository's static/ and the real block handlers and generators, so the
// calculators are the ones a user's build would publish.
package benchsite

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
)

// Build writes files (slash path under the source → content) into
// dir/src, copies root's static/ beside them, builds the site into
// dir/public and returns that folder.
func Build(ctx context.Context, root, dir string, files map[string]string) (string, error) {
	src := filepath.Join(dir, "src")
	for name, body := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return "", err
		}
	}
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		return "", err
	}
	opts := content.Options{Source: src, Dest: filepath.Join(dir, "public"), Handlers: buildcmd.Handlers(), Generators: buildcmd.Generators()}
	res, err := site.Build(ctx, opts)
	if res.Cleanup != nil {
		res.Cleanup()
	}
	if err != nil {
		return "", fmt.Errorf("build: %w", err)
	}
	return opts.Dest, nil
}
