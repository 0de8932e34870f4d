package obsidian

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// Publishers that send a vault's notes to a site only on request, and
// whose settings say which (see TestEnveloppe and TestObsidianMkdocs for
// their documented rules):
//
//   - The Enveloppe plugin (https://enveloppe.github.io/, formerly Obsidian
//     GitHub Publisher; plugin id obsidian-mkdocs-publisher): a note is
//     shared when its front matter sets the share key (plugin.shareKey,
//     default "share") to true; with plugin.shareAll.enable every note is,
//     but those whose file name starts with shareAll.excludedFileName
//     ("DRAFT"); either way none in plugin.excludedFolder (names a path
//     contains, or /regular expressions/), and no Excalidraw drawing.
//   - The Quartz Syncer plugin (https://saberzero1.github.io/quartz-syncer-docs/;
//     plugin id quartz-syncer): a note with its publish key
//     (publishFrontmatterKey, default "publish") set, or every note when
//     allNotesPublishableByDefault; only notes under its vault root folder
//     (vaultPath, "/" the whole vault); Excalidraw drawings only with
//     useExcalidraw.
//   - Enveloppe's command-line predecessor obs2mk / obsidian-mkdocs, whose MkDocs
//     template is cloned into .publish/: only notes with the share key of
//     .publish/configuration.yml (default.frontmatter.share, default
//     "share").
const (
	enveloppeID   = "obsidian-mkdocs-publisher"
	enveloppeFile = Dir + "/plugins/" + enveloppeID + "/data.json"
	obs2mkFile    = ".publish/configuration.yml"
	syncerID      = "quartz-syncer"
	syncerFile    = Dir + "/plugins/" + syncerID + "/data.json"
	// defaultShareKey is both publishers' share key when none is set.
	defaultShareKey = "share"
)

// shareRule is a publisher's rule for which notes it sends.
type shareRule struct {
	tool    string // the publisher, as the build's report names it
	key     string // the share key, when all is false
	all     bool   // share all notes (Enveloppe's shareAll)
	prefix  string // with all: file names starting so are not shared
	folders []string
	regexps []*regexp.Regexp
	// truthy reads the key's value; nil: Enveloppe's "true", "1", "yes".
	truthy   func(any) bool
	root     string // only notes under this folder ("" the whole vault)
	drawings bool   // Excalidraw drawings are sent
}

// unpublished is the reason the publisher would not send the note at
// vault-relative path rel whose front matter is meta, or "".
func (r *shareRule) unpublished(meta map[string]any, rel string) string {
	if !r.drawings && strings.HasSuffix(strings.ToLower(rel), ".excalidraw.md") {
		return "an Excalidraw drawing (" + r.tool + ")"
	}
	if r.root != "" && !strings.HasPrefix(rel, r.root+"/") {
		return "outside the vault root folder " + r.root + " (" + r.tool + ")"
	}
	for _, f := range r.folders {
		if strings.Contains(rel, f) {
			return "in an excluded folder (" + r.tool + ")"
		}
	}
	for _, re := range r.regexps {
		if re.MatchString(rel) {
			return "in an excluded folder (" + r.tool + ")"
		}
	}
	if r.all {
		base := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		if r.prefix != "" && strings.HasPrefix(base, r.prefix) {
			return "file name starts with " + r.prefix + " (" + r.tool + " share all)"
		}
		return ""
	}
	truthy := r.truthy
	if truthy == nil {
		truthy = shared
	}
	if !truthy(meta[r.key]) {
		return "no " + r.key + ": true (" + r.tool + ")"
	}
	return ""
}

// shared reads a share key's value as Enveloppe does: its text, in any
// case, is "true", "1" or "yes".
func shared(v any) bool {
	if v == nil {
		return false
	}
	switch strings.ToLower(fmt.Sprint(v)) {
	case "true", "1", "yes":
		return true
	}
	return false
}

// readShareRule returns the rule of the publisher the vault at dir uses,
// or nil when it uses none: Enveloppe when its settings are in the vault
// and the vault's list of community plugins (plugins; nil when it has
// none) does not leave it out, else obs2mk when .publish/configuration.yml
// is. Settings that do not parse are the publisher's defaults (only notes
// with share: true), never "share everything".
func readShareRule(dir string, plugins []string) (*shareRule, error) {
	if plugins == nil || slices.Contains(plugins, enveloppeID) {
		raw, ok, err := readOptional(dir, enveloppeFile)
		if err != nil {
			return nil, err
		}
		if ok {
			return enveloppeRule(raw)
		}
	}
	if plugins == nil || slices.Contains(plugins, syncerID) {
		raw, ok, err := readOptional(dir, syncerFile)
		if err != nil {
			return nil, err
		}
		if ok {
			return syncerRule(raw), nil
		}
	}
	raw, ok, err := readOptional(dir, obs2mkFile)
	if err != nil || !ok {
		return nil, err
	}
	r := &shareRule{tool: "obsidian-mkdocs", key: defaultShareKey}
	if m, _, err := layout.DecodeYAMLMap(raw); err == nil {
		def, _ := m["default"].(map[string]any)
		fm, _ := def["frontmatter"].(map[string]any)
		if k := strings.TrimSpace(str(fm["share"])); k != "" {
			r.key = k
		}
	}
	return r, nil
}

// enveloppeSettings is the part of Enveloppe's data.json that says what
// it shares.
type enveloppeSettings struct {
	Plugin struct {
		ShareKey       string   `json:"shareKey"`
		ExcludedFolder []string `json:"excludedFolder"`
		ShareAll       struct {
			Enable           bool   `json:"enable"`
			ExcludedFileName string `json:"excludedFileName"`
		} `json:"shareAll"`
	} `json:"plugin"`
}

// findRegex is Enveloppe's FIND_REGEX: a setting written /…/ (flags
// after it, which the plugin does not pass on) is a regular expression.
var findRegex = regexp.MustCompile(`^/(.*)/[igmsuy]*$`)

func enveloppeRule(raw []byte) (*shareRule, error) {
	r := &shareRule{tool: "Enveloppe", key: defaultShareKey}
	var s enveloppeSettings
	if json.Unmarshal(raw, &s) != nil {
		return r, nil
	}
	if k := s.Plugin.ShareKey; k != "" {
		r.key = k
	}
	r.all, r.prefix = s.Plugin.ShareAll.Enable, strings.TrimSpace(s.Plugin.ShareAll.ExcludedFileName)
	for _, f := range s.Plugin.ExcludedFolder {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		r.folders = append(r.folders, f)
		if m := findRegex.FindStringSubmatch(f); m != nil {
			re, err := regexp.Compile(m[1])
			if err != nil {
				return nil, &layout.ConfigError{File: enveloppeFile, Key: "plugin.excludedFolder",
					Msg: fmt.Sprintf("%s is a regular expression sitegen cannot read (%v): the folders it excludes would be published", f, err)}
			}
			r.regexps = append(r.regexps, re)
		}
	}
	return r, nil
}

// syncerSettings is the part of Quartz Syncer's data.json that says what
// it publishes.
type syncerSettings struct {
	PublishFrontmatterKey        string `json:"publishFrontmatterKey"`
	AllNotesPublishableByDefault bool   `json:"allNotesPublishableByDefault"`
	VaultPath                    string `json:"vaultPath"`
	UseExcalidraw                bool   `json:"useExcalidraw"`
}

func syncerRule(raw []byte) *shareRule {
	r := &shareRule{tool: "Quartz Syncer", key: "publish", truthy: jsTruthy}
	var s syncerSettings
	if json.Unmarshal(raw, &s) != nil {
		return r
	}
	if s.PublishFrontmatterKey != "" {
		r.key = s.PublishFrontmatterKey
	}
	r.all, r.drawings = s.AllNotesPublishableByDefault, s.UseExcalidraw
	r.root = strings.Trim(strings.TrimSpace(s.VaultPath), "/")
	return r
}

// jsTruthy is JavaScript's !!v, by which Quartz Syncer reads its publish
// key: false, 0, "" and a missing value are false; anything else (the text
// "false" too) is true.
func jsTruthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case int:
		return v != 0
	case uint64:
		return v != 0
	case float64:
		return v != 0 && v == v
	}
	return true
}

// readOptional reads a settings file of the vault: ok is false when it
// is missing; an error when it may not be read (layout.ReadSetting).
func readOptional(dir, rel string) (raw []byte, ok bool, err error) {
	raw, err = layout.ReadSetting(dir, rel)
	switch {
	case err == nil:
		return raw, true, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	}
	return nil, false, err
}

// String is what the build's report says was read.
func (r *shareRule) String() string {
	if r.all {
		s := r.tool + " (shares all notes"
		if r.prefix != "" {
			s += " but file names starting " + r.prefix
		}
		return s + r.under() + ")"
	}
	return r.tool + " (only notes with " + r.key + ": true" + r.under() + ")"
}

func (r *shareRule) under() string {
	if r.root == "" {
		return ""
	}
	return " under " + r.root + "/"
}
