package hugo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"

	"gopkg.in/yaml.v3"
)

// maxI18nFiles bounds how many translation tables ReadI18n reads.
const maxI18nFiles = 500

// ReadI18n reads a site's translation tables: "Create translation
// tables in the i18n directory, naming each file according to RFC 5646.
// Translation tables may be JSON, TOML, or YAML" (i18n/en.toml,
// i18n/pt-BR.toml, https://gohugo.io/functions/lang/translate/), the
// project's i18n/ over each theme's (hugo 0.111 measured: a key in both
// is the project's, a key in the theme's alone the theme's). The tables
// are by language tag in lower case, each key's value a text or its
// plural forms (one = "…", other = "…"); the list form of go-i18n's
// first tables (- id: Search / translation: Search, the amethyst theme's)
// is read too. A table that does not parse is left out,
// its error in l.Tolerated (the build warns naming it).
func ReadI18n(l *layout.Layout, dir string, themes []string) map[string]map[string]any {
	folders := []string{"i18n"}
	for _, t := range themes {
		if root := themeDir(dir, t); root != "" {
			folders = append(folders, root+"/i18n")
		}
	}
	var out map[string]map[string]any
	n := 0
	for _, folder := range folders {
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(folder)))
		if err != nil {
			continue
		}
		for _, e := range entries {
			ext := path.Ext(e.Name())
			if !e.Type().IsRegular() || !slices.Contains(settingsExt, ext) {
				continue
			}
			if n++; n > maxI18nFiles {
				return out
			}
			table, err := readTable(dir, folder+"/"+e.Name())
			if err != nil {
				if ce, ok := err.(*layout.ConfigError); ok {
					l.Tolerated = append(l.Tolerated, ce)
				}
				continue
			}
			tag := strings.ToLower(strings.TrimSuffix(e.Name(), ext))
			if out == nil {
				out = map[string]map[string]any{}
			}
			if out[tag] == nil {
				out[tag] = map[string]any{}
			}
			for k, v := range table {
				if _, ok := out[tag][k]; !ok { // the project's first
					out[tag][k] = v
				}
			}
		}
	}
	return out
}

// i18nDigest is a digest of the translation tables (fmt prints maps in
// key order, so equal tables print alike).
func i18nDigest(tables map[string]map[string]any) string {
	sum := sha256.Sum256([]byte(fmt.Sprint(tables)))
	return hex.EncodeToString(sum[:6])
}

// readTable reads one translation table: a map of keys, or a list of
// {id, translation} (YAML or JSON).
func readTable(dir, rel string) (map[string]any, error) {
	m, err := layout.Decode(dir, rel)
	if err == nil || path.Ext(rel) == ".toml" {
		return m, err
	}
	raw, rerr := layout.ReadSetting(dir, rel)
	var list []map[string]any
	if rerr != nil || yaml.Unmarshal(raw, &list) != nil || len(list) == 0 {
		return nil, err
	}
	m = map[string]any{}
	for _, item := range list {
		if id, ok := item["id"].(string); ok && item["translation"] != nil {
			m[id] = item["translation"]
		}
	}
	return m, nil
}
