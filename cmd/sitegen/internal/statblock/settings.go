package statblock

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"d6codex/cmd/sitegen/internal/layout/obsidian"
	"d6codex/cmd/sitegen/internal/markup"
)

// SettingsFile is where a vault keeps the Fantasy Statblocks plugin's
// settings, relative to the vault's root: one of the vault's settings
// files, a change to which builds the whole site again.
const SettingsFile = obsidian.StatblocksFile

// settings are what the plugin's settings say about layouts: the names of
// the vault's own layouts and which layout is the default. The plugin
// draws a block whose `layout:` names none of its layouts with the
// default layout (src/view/statblock.ts setLayout: "getAllLayouts().find(
// (layout) => layout.name == (this.params.layout ?? this.monster.layout)
// ...) ?? this.plugin.manager.getDefaultLayout()"), and the default is
// the layout of the settings' default id, else the Basic 5e Layout
// (src/layouts/manager.ts: "getAllLayouts()?.find((l) => l.id ==
// this.#default) ?? Layout5e").
type settings struct {
	own map[string]*layout // the vault's own layouts, by lower-cased name (ownLayout)
	def *layout            // the default layout
	// autoParse is the plugin's "Automatically Parse Frontmatter for
	// Creatures" (false by default: src/main.ts), and paths the folders
	// it watches (["/"] by default).
	autoParse bool
	paths     []string
	// saved are the creatures the settings keep (savedCreatures).
	saved *savedCreatures
}

// bundledIDs are the ids of the plugin's bundled layouts that sitegen
// has (the plugin's defaultLayouts in data.json list them so).
var bundledIDs = map[string]*layout{
	"basic-5e-layout":              layout5e,
	"path-2e-block":                layoutPF2e,
	"basic-13th-age-monster-block": layout13thAge,
}

// readSettings reads the plugin's settings in the vault at dir; nil when
// the vault has none.
func readSettings(dir string) (*settings, error) {
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(SettingsFile)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", SettingsFile, err)
	}
	var raw struct {
		Layouts   []pluginLayout
		Default   string
		AutoParse bool
		Paths     []string
		Monsters  json.RawMessage
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("read %s: %w", SettingsFile, err)
	}
	s := &settings{own: map[string]*layout{}, def: layout5e, autoParse: raw.AutoParse, paths: raw.Paths, saved: &savedCreatures{raw: raw.Monsters}}
	ownIDs := map[string]*layout{}
	for _, pl := range raw.Layouts {
		l := ownLayout(pl)
		s.own[strings.ToLower(strings.TrimSpace(pl.Name))] = l
		ownIDs[pl.ID] = l
	}
	switch d := strings.TrimSpace(raw.Default); {
	case bundledIDs[d] != nil:
		s.def = bundledIDs[d]
	case ownIDs[d] != nil:
		s.def = ownIDs[d]
	case s.own[strings.ToLower(d)] != nil:
		s.def = s.own[strings.ToLower(d)]
	case layouts[strings.ToLower(d)] != nil: // older settings keep the default's name
		s.def = layouts[strings.ToLower(d)]
	}
	return s, nil
}

// ForVault returns the handler for the vault at dir: one that lays out
// blocks as the plugin's settings there say (see settings), with the
// plugin's defaults when the vault has no settings of the plugin or they
// cannot be read, and that finds the creatures the notes src lists
// define (vaultNotes; nil: none).
func (h *Handler) ForVault(dir string, src NoteSource) markup.BlockHandler {
	s, err := readSettings(dir)
	if err != nil {
		h.bestiary.setVault(dir, nil, nil) // none this build, not a previous build's
		return h
	}
	return &Handler{bestiary: h.bestiary, settings: s, notes: h.bestiary.vaultNotes(dir, s, src)}
}

// vaultNotes is the index of the creatures the notes of the vault at dir
// define (readNotes), of those src lists, for the plugin settings s read
// there: nil when they do not parse notes for creatures (autoParse off),
// the folders they name when they do, all of them when the vault keeps no
// settings of the plugin (a vault that writes `statblock: true` in a
// note's front matter means it). The index is made anew on each call
// (each build) and kept in the bestiary, so that the encounters of that
// build find the same creatures (VaultCreatures) without a second scan.
func (b *Bestiary) vaultNotes(dir string, s *settings, src NoteSource) *noteIndex {
	var x *noteIndex
	switch {
	case src == nil:
	case s == nil:
		x = &noteIndex{dir: dir, src: src}
	case s.autoParse:
		x = &noteIndex{dir: dir, watch: s.paths, src: src}
	}
	var saved *savedCreatures
	if s != nil {
		saved = s.saved
	}
	b.setVault(dir, x, saved)
	return x
}

// setVault keeps x as the note creatures of the vault at dir, and saved
// as the creatures its plugin settings keep.
func (b *Bestiary) setVault(dir string, x *noteIndex, saved *savedCreatures) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.vaults == nil {
		b.vaults = map[string]vaultCreatures{}
	}
	b.vaults[dir] = vaultCreatures{notes: x, saved: saved}
}
