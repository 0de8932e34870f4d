package hugo

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// ConfigRoot is Hugo's configuration directory (configDir's default).
const ConfigRoot = "config"

// DefaultEnvironment is the environment of a `hugo` build: "The default
// environment for hugo is production" (and development for hugo server,
// https://gohugo.io/getting-started/configuration/#configuration-directory).
// The folders of the configuration directory read are, in order, each
// over the one before, "_default" and the environment's.
const DefaultEnvironment = "production"

// maxConfigFiles bounds the files read from one environment's folder; a
// site splits its settings into a handful.
const maxConfigFiles = 64

// settingsExt are the formats Hugo reads a settings file in.
var settingsExt = []string{".toml", ".yaml", ".yml", ".json"}

// readConfigDir reads Hugo's configuration directory as `hugo` does:
// config/_default/ then config/production/ merged over it (maps merged
// key by key, any other value replaced). In each, hugo.toml (or another
// of ConfigFiles, the first there) holds root keys; another file is the
// root key it is named after ("params.toml" is params, "menus.toml"
// menus), and key.LANG.toml the key of that language ("menus.en.toml" is
// languages.en.menus; "languages.en.toml" languages.en itself). It returns nil when neither folder holds
// hugo.toml (or another of ConfigFiles), and the files read.
func readConfigDir(l *layout.Layout, dir, environment string) (map[string]any, []string, error) {
	var merged map[string]any
	var read []string
	for _, env := range []string{"_default", environment} {
		rel := ConfigRoot + "/" + env
		if !layout.Exists(dir, rel, true) {
			continue
		}
		names, err := settingsNames(dir, rel)
		if err != nil {
			return nil, nil, err
		}
		envMap := map[string]any{}
		rootDone := false
		for _, name := range names {
			base := strings.TrimSuffix(name, path.Ext(name))
			file := rel + "/" + name
			var into []string // where the file's map goes; nil the root
			switch parts := strings.Split(base, "."); {
			case base == "hugo" || base == "config":
				if rootDone || layout.FirstFile(dir, prefixed(rel)) != file {
					continue // another of ConfigFiles comes first
				}
				rootDone = true
			case len(parts) == 1:
				into = []string{parts[0]}
			case len(parts) == 2 && strings.EqualFold(parts[0], "languages"):
				into = []string{"languages", parts[1]} // languages.fr.toml: fr's own table (Hugo 0.111 measured)
			case len(parts) == 2:
				into = []string{"languages", parts[1], parts[0]}
			default:
				l.Notes = append(l.Notes, file+": not a name Hugo reads as a settings key: not read")
				continue
			}
			m, err := l.DecodeSettings(dir, file)
			if err != nil {
				return nil, nil, err
			}
			for i := len(into) - 1; i >= 0; i-- {
				m = map[string]any{into[i]: m}
			}
			merge(envMap, m)
			read = append(read, file)
		}
		if merged == nil {
			merged = map[string]any{}
		}
		merge(merged, envMap)
	}
	if !slices.ContainsFunc(read, func(f string) bool { return slices.Contains(ConfigFiles, path.Base(f)) }) {
		return nil, nil, nil // no hugo.toml or config.toml: another program's config/
	}
	return merged, read, nil
}

// prefixed is ConfigFiles in the folder rel.
func prefixed(rel string) []string {
	names := make([]string, len(ConfigFiles))
	for i, f := range ConfigFiles {
		names[i] = rel + "/" + f
	}
	return names
}

// settingsNames lists the settings files of the folder rel, sorted.
func settingsNames(dir, rel string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return nil, &layout.ConfigError{File: rel + "/", Err: err}
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && !strings.HasPrefix(e.Name(), ".") && slices.Contains(settingsExt, path.Ext(e.Name())) {
			names = append(names, e.Name())
		}
	}
	if len(names) > maxConfigFiles {
		return nil, &layout.ConfigError{File: rel + "/", Msg: fmt.Sprintf("%d settings files, more than the %d sitegen reads of one environment", len(names), maxConfigFiles)}
	}
	slices.Sort(names)
	return names, nil
}

// merge merges src into dst: maps key by key, other values replaced.
func merge(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				merge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}

// otherEnvironments names the folders of config/ that hold one of
// ConfigFiles but are not read by a `hugo` build (Environments): a site
// built with `hugo --environment NAME` only.
func otherEnvironments(dir, env string) []string {
	entries, err := os.ReadDir(filepath.Join(dir, ConfigRoot))
	if err != nil {
		return nil
	}
	var envs []string
	for _, e := range entries {
		if e.IsDir() && !slices.Contains([]string{"_default", env}, e.Name()) && layout.FirstFile(dir, prefixed(ConfigRoot+"/"+e.Name())) != "" {
			envs = append(envs, e.Name())
		}
	}
	return envs
}

// noEnvironment is the error for a site whose settings are only in
// environments a `hugo` build does not read, as Hugo refuses it.
func noEnvironment(envs []string, env string) error {
	folders := make([]string, len(envs))
	for i, e := range envs {
		folders[i] = ConfigRoot + "/" + e + "/"
	}
	return &layout.ConfigError{File: ConfigRoot + "/", Msg: fmt.Sprintf(
		"Hugo's settings are only in %s: the %s environment reads config/_default/ and config/%s/ and, finding neither, "+
			"Hugo refuses (\"Unable to locate config file or config directory\"); build with --environment %s, as Hugo does",
		strings.Join(folders, " and "), env, env, envs[0])}
}
