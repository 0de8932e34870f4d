// Package obsidian recognises an Obsidian vault (a folder holding
// .obsidian/) and states the rules of Obsidian (and Obsidian Publish) that
// sitegen builds it by, from https://help.obsidian.md/ (quoted in the tests
// that check them; Obsidian does not run here, so there is no differential
// test):
//
//   - Where pages come from: every note (Markdown file) of the vault's
//     root; attachments are wherever the vault's settings put them
//     (attachmentFolderPath) and are published beside the notes.
//   - What is not published: .obsidian/, .trash/, the templates folder
//     (the Templates core plugin's or Templater's), a note whose front
//     matter says publish: false (Obsidian Publish's flag), and, when the
//     vault uses the Digital Garden plugin, a note without dg-publish: true
//     (layout.GardenUnpublished); when the vault is published by the
//     Enveloppe plugin (its settings .obsidian/plugins/
//     obsidian-mkdocs-publisher/data.json), a note it would not send: one
//     without share: true (its share key), or with "share all" on one
//     whose file name starts with the excluded name ("DRAFT"), and any in
//     its excluded folders; by Quartz Syncer (.obsidian/plugins/
//     quartz-syncer/data.json), one without publish: true (its publish
//     key) unless it includes all notes, or outside its vault root folder;
//     by obs2mk/obsidian-mkdocs
//     (.publish/configuration.yml), one without share: true (share.go).
//   - How links resolve: [[wikilinks]] and embeds by the note's name, its
//     path or an alias ("An alias is an alternative name for a note",
//     https://help.obsidian.md/aliases); Markdown links relative to the
//     note, from the vault's root ("absolute path in vault", written with
//     or without a leading "/", as ttrpg-convert-cli writes
//     "/compendium/rules/skills.md"), or by the
//     note's name as a wikilink finds it ("shortest path when possible":
//     "Uses the shortest unique path to the linked file",
//     https://help.obsidian.md/settings), with or without .md ("Markdown:
//     [Three laws of motion](Three%20laws%20of%20motion) or [Three laws of
//     motion](Three%20laws%20of%20motion.md)", https://help.obsidian.md/links).
//   - The navigation: the vault's folders and notes by name, labelled and
//     ordered by their file and folder names as the file explorer shows
//     them ("customize the navigation order and display of files and
//     folders within the Publish File explorer"), whatever a note's title
//     or weight (a weight: property is the note's own data)
//     (layout.Layout.NameLabels, NameOrder); a folder note (X/X.md, or
//     X.md beside X/) is its folder's page.
//   - The title: the note's title:, else the # heading that starts it,
//     else its file name. Obsidian Publish shows a note's inline title,
//     its file name ("Displays the filename as an editable title inline
//     with the file contents", https://help.obsidian.md/settings), above
//     the note; a note that starts with a # heading shows that heading
//     first, so it is the title sitegen gives it, while a # heading
//     further down ("# Pictures" under a species' text) is only a heading
//     (layout.Layout.StartTitle). A note without either shows its file
//     name as written ("2021-10-2 - Session 9"), a folder its name
//     (layout.Layout.NameTitles).
//   - Canvases: a .canvas file (JSON Canvas) is a page at its path,
//     titled by its file name, drawn as Obsidian draws the board: its
//     nodes at their places, text nodes as the vault's Markdown, file
//     nodes as their note's title and embed (an image as itself), link
//     cards, labelled groups, the edges between them (canvas.go, package
//     markup/canvas); [[Board.canvas]] and ![[Board.canvas]] link to it.
//   - Line breaks: a single line break of a paragraph shows as one unless
//     the vault's Strict line breaks setting (app.json strictLineBreaks)
//     is on (Markup.HardWraps).
//   - What Obsidian shows all the same, which sitegen's lenient mode
//     (--broken-links warn) builds as warnings and its strict mode refuses
//     saying so: aliases: written as one text ("Aliases should always be
//     formatted as a list in YAML", yet the app reads it as the one
//     alias), a property set twice (the last), properties it cannot read
//     (the note without them), an unresolved link, a block of a plugin that
//     cannot read it (PluginBlocks: Fantasy Statblocks' statblock), two
//     notes of one URL (the first by path, layout.KeepFirstByPath).
//   - What neither Publish nor sitegen draws: the code blocks of other
//     community plugins (Leaflet's leaflet, JS Engine's js-engine, Meta
//     Bind's meta-bind-button and meta-bind-js-view…, and whatever an
//     enabled plugin's main.js registers with
//     registerMarkdownCodeBlockProcessor: TOR2e Statblocks' tor2e) and
//     Meta Bind's fields, inline `INPUT[…]`, `VIEW[…]` or a ```meta-bind
//     block, are drawn read-only with the note's values (markup/metabind);
//     what it cannot draw shows as code, with a warning
//     (Markup.PluginBlocks, PluginInline; registeredBlocks). The Tabs
//     plugin's ```tabs blocks, where the vault enables it, show each tab
//     as a box, all at once (Markup.Tabs, package markup/tabs). The
//     Columns plugin's ```col and ```col-md blocks and col callouts are
//     columns side by side (Markup.Columns, package markup/columns), and
//     so are Simple Columns' ```columns blocks (Markup.SimpleColumns,
//     package markup/simplecolumns).
package obsidian

import (
	"cmp"
	"encoding/json"
	"errors"
	"slices"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/columns"
	"d6codex/cmd/sitegen/internal/markup/tabs"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// Dir is the folder Obsidian keeps its settings in, at the vault's root.
const Dir = ".obsidian"

// The settings files a vault's layout is read from, each through
// layout.ReadSetting; Settings lists them all, for `sitegen serve` to
// watch (the rest of .obsidian changes at every click).
const (
	appFile       = Dir + "/app.json"
	templatesFile = Dir + "/templates.json"
	templaterFile = Dir + "/plugins/templater-obsidian/data.json"
	pluginsFile   = Dir + "/community-plugins.json"
	dataviewFile  = Dir + "/plugins/dataview/data.json"
	tabsFile      = Dir + "/plugins/" + TabsPlugin + "/data.json"
	columnsFile   = Dir + "/plugins/" + ColumnsPlugin + "/data.json"
)

// StatblocksFile is the Fantasy Statblocks plugin's settings: its layouts,
// its default layout and the creatures it keeps, which the vault's stat
// blocks and encounters are drawn from (package statblock reads it).
const StatblocksFile = Dir + "/plugins/obsidian-5e-statblocks/data.json"

// undrawn are the fenced blocks of common community plugins that Obsidian
// Publish does not draw ("a plugin that requires a plugin codeblock to
// render, such as Dataview or Fantasy Statblocks, will not work by default
// in Publish", https://help.obsidian.md/publish/limitations) and sitegen
// does not either (it draws Dataview's and Fantasy Statblocks' own): they
// show as code, and the build says so.
var undrawn = map[string]string{
	"leaflet":           "the Obsidian Leaflet plugin's",
	"js-engine":         "the JS Engine plugin's",
	"meta-bind":         "the Meta Bind plugin's",
	"meta-bind-button":  "the Meta Bind plugin's",
	"meta-bind-js-view": "the Meta Bind plugin's",
	"meta-bind-embed":   "the Meta Bind plugin's",
	// The Draw Steel Elements plugin's blocks, each under its names
	// (SteelCompendium/draw-steel-elements registers them with
	// registerMarkdownCodeBlockProcessor), but for its abilities and power
	// rolls, stat blocks and feature blocks, which package dsblock draws.
	"ds-ct": dse, "ds-counter": dse, "ds-char": dse,
	"ds-characteristics": dse, "ds-vr": dse, "ds-value-row": dse, "ds-values-row": dse,
}

// pluginBlocks are the info words of the plugins' blocks that sitegen
// draws and the plugin would too: Fantasy Statblocks' statblock, and the
// Draw Steel Elements plugin's abilities, power rolls, stat blocks and
// feature blocks (dsblock.Names).
var pluginBlocks = []string{"statblock", "ds-feature", "ds-ft", "ds-feat", "ds-ability", "ds-ab", "ds-power-roll", "ds-pr",
	"ds-statblock", "ds-sb", "ds-featureblock", "ds-fb"}

// dse names the Draw Steel Elements plugin in a warning.
const dse = "the Draw Steel Elements plugin's"

// TasksPlugin is the Tasks plugin's id in community-plugins.json: a vault
// that lists it draws task lines as the plugin does (its emoji dates and
// priorities after the description, each in its span); one that does not
// shows them as written.
const TasksPlugin = "obsidian-tasks-plugin"

// InitiativeTrackerPlugin is the Initiative Tracker plugin's id in
// community-plugins.json.
const InitiativeTrackerPlugin = "initiative-tracker"

// MetaBindPlugin is the Meta Bind plugin's id in community-plugins.json.
const MetaBindPlugin = "obsidian-meta-bind-plugin"

// TabsPlugin is the Tabs plugin's id in community-plugins.json
// (xhuajin/obsidian-tabs): its ```tabs blocks are drawn (markup/tabs).
const TabsPlugin = "tabs"

// ColumnsPlugin is the Columns plugin's id in community-plugins.json
// (tnichols217/obsidian-columns): its ```col blocks and col callouts are
// drawn side by side (markup/columns).
const ColumnsPlugin = "obsidian-columns"

// SimpleColumnsPlugin is the Simple Columns plugin's id in
// community-plugins.json (Josie1902/simple-columns): its ```columns
// blocks are drawn side by side (markup/simplecolumns).
const SimpleColumnsPlugin = "simple-columns"

// undrawnInline are the inline fields of common community plugins that
// neither Publish nor sitegen draws: Meta Bind's `INPUT[number:x]`,
// `VIEW[{x} / 2][math]` and `BUTTON[id]`.
var undrawnInline = map[string]string{
	"INPUT":  "the Meta Bind plugin's",
	"VIEW":   "the Meta Bind plugin's",
	"BUTTON": "the Meta Bind plugin's",
}

// Settings are the settings files Recognise reads, and the plugin settings
// the vault's pages are drawn by (StatblocksFile).
var Settings = []string{appFile, templatesFile, templaterFile, pluginsFile, dataviewFile, enveloppeFile, syncerFile, obs2mkFile, homepageFile, StatblocksFile, tabsFile, columnsFile}

// Recognise returns the layout of the vault at dir, or nil when dir is not
// a vault.
func Recognise(dir string) (*layout.Layout, error) {
	if !layout.Exists(dir, Dir, true) {
		return nil, nil
	}
	l := &layout.Layout{Kind: layout.Obsidian, File: Dir + "/", Content: ".",
		ExcludeNames: []string{Dir, ".trash", "node_modules"}, Unpublished: Unpublished, BadFrontMatter: true, Garden: true,
		PluginBlocks: pluginBlocks, DuplicateURL: layout.KeepFirstByPath, StartTitle: true, NameTitles: true,
		NameLabels: true, NameOrder: true,
		// Obsidian Publish uploads the attachments the notes being
		// published show, as its author selects them: one no published
		// note links to or embeds (a map only GM notes show) stays home.
		LinkedFilesOnly: true}
	l.Markup.PluginBlocks, l.Markup.PluginInline = undrawn, undrawnInline
	// Obsidian's reading view and Publish keep quotes, dashes and
	// ellipses as written (typographic quotes are a community plugin's,
	// typed into the note).
	l.Markup.StraightQuotes = true
	// Obsidian draws formulas: "Obsidian uses MathJax … $$ … $$ … You
	// can also add math expressions inline by wrapping them in $
	// symbols"
	// (https://help.obsidian.md/Editing+and+formatting/Advanced+formatting+syntax#Math),
	// rendered as MathML; a closing $ followed by a digit closes none, as
	// Pandoc's rule, which "$5 and $10" in a price list needs.
	l.Markup.Math, l.Markup.MathNoDigitAfter = true, true
	// Settings files that are missing or do not parse leave the defaults:
	// Obsidian itself starts with none of them. One that is a link out of
	// the vault is an error (layout.ReadSetting): it may say which folder
	// holds the templates, which are not published.
	m, err := decode(dir, appFile)
	if err != nil {
		return nil, err
	}
	// A single line break shows as one unless "Strict line breaks" is on
	// (app.json strictLineBreaks; off by default): "Obsidian includes a
	// Strict Line Breaks setting, which makes Obsidian follow the
	// standard Markdown specification for line breaks"
	// (https://help.obsidian.md/Editing+and+formatting/Basic+formatting+syntax#Line+breaks).
	l.Markup.HardWraps = m["strictLineBreaks"] != true
	if m != nil {
		if p, _ := m["attachmentFolderPath"].(string); p != "" {
			l.Attachments = p
			l.Read = append(l.Read, "attachmentFolderPath "+p)
		}
	}
	templates := map[string]bool{}
	for _, f := range []struct{ file, key string }{
		{templatesFile, "folder"},
		{templaterFile, "templates_folder"},
	} {
		m, err := decode(dir, f.file)
		if err != nil {
			return nil, err
		}
		if p := layout.CleanRel(str(m[f.key])); p != "" && p != "." && !templates[p] {
			templates[p] = true
			l.Excluded = append(l.Excluded, p)
			l.Read = append(l.Read, "templates folder "+p+"/ (not published)")
		}
	}
	plugins, err := communityPlugins(dir)
	if err != nil {
		return nil, err
	}
	if slices.Contains(plugins, layout.GardenPlugin) {
		l.GardenPlugin = true
		l.Read = append(l.Read, "Digital Garden plugin (only notes with dg-publish: true)")
	}
	share, err := readShareRule(dir, plugins)
	if err != nil {
		return nil, err
	}
	if share != nil {
		l.Unpublished = func(meta map[string]any, rel string) string {
			if r := Unpublished(meta, rel); r != "" {
				return r
			}
			return share.unpublished(meta, rel)
		}
		l.Read = append(l.Read, share.String())
	}
	// Meta Bind's fields are drawn where the plugin would draw them: a
	// vault that enables it, or whose plugin list is not there to say.
	if plugins == nil || slices.Contains(plugins, MetaBindPlugin) {
		l.Markup.MetaBind = true
	}
	// Initiative Tracker draws inline code `encounter: 2d4: stirge` as an
	// encounter line, where it runs (or the plugin list is not there to
	// say); its ```encounter blocks are drawn in every vault.
	if plugins == nil || slices.Contains(plugins, InitiativeTrackerPlugin) {
		l.Markup.InlineCode = append(l.Markup.InlineCode, "encounter")
	}
	if slices.Contains(plugins, TasksPlugin) {
		l.Markup.TasksPlugin = true
		l.Read = append(l.Read, "Tasks plugin")
	}
	if l.Dataview, err = dataview(dir, plugins); err != nil {
		return nil, err
	}
	if l.Dataview != nil {
		l.Read = append(l.Read, "Dataview plugin")
	}
	l.Markup.PluginBlocks = registeredBlocks(dir, plugins)
	// The Tabs plugin's blocks are drawn where it runs (or the plugin list
	// is not there to say), split at its separator setting.
	if plugins == nil || slices.Contains(plugins, TabsPlugin) {
		m, err := decode(dir, tabsFile)
		if err != nil {
			return nil, err
		}
		l.Markup.Tabs = cmp.Or(str(m["split"]), tabs.DefaultSplit)
		delete(l.Markup.PluginBlocks, "tabs")
	}
	// The Columns plugin's blocks and callouts are drawn where it runs (or
	// the plugin list is not there to say), with its wrapSize and
	// defaultSpan settings (its data.json holds their values).
	if plugins == nil || slices.Contains(plugins, ColumnsPlugin) {
		m, err := decode(dir, columnsFile)
		if err != nil {
			return nil, err
		}
		wrap, _ := m["wrapSize"].(float64)
		span, _ := m["defaultSpan"].(float64)
		l.Markup.Columns = &columns.Extension{WrapSize: wrap, Span: span}
		delete(l.Markup.PluginBlocks, "col")
		delete(l.Markup.PluginBlocks, "col-md")
	}
	if plugins == nil || slices.Contains(plugins, SimpleColumnsPlugin) {
		l.Markup.SimpleColumns = true
		delete(l.Markup.PluginBlocks, "columns")
	}
	// Canvases are pages, drawn as boards (canvas.go).
	l.Markup.Extensions = append(l.Markup.Extensions, CanvasExt)
	l.Expand = expandCanvas
	if l.Home, err = homepage(dir, plugins); err != nil {
		return nil, err
	}
	if l.Home != "" {
		l.Read = append(l.Read, "Homepage plugin: "+l.Home+" is the home page")
	}
	return l, nil
}

// dataview returns the Dataview plugin's settings when the vault uses the
// plugin: its list of community plugins names it, or there is no list (a
// vault published without its settings); nil when the list leaves it out.
func dataview(dir string, plugins []string) (map[string]any, error) {
	if plugins != nil && !slices.Contains(plugins, "dataview") {
		return nil, nil
	}
	m, err := decode(dir, dataviewFile)
	if err != nil {
		return nil, err
	}
	if m == nil {
		m = map[string]any{}
	}
	return m, nil
}

// communityPlugins returns the ids of the community plugins the vault
// enables (.obsidian/community-plugins.json), nil when it has no such list
// or the list does not parse.
func communityPlugins(dir string) ([]string, error) {
	raw, err := layout.ReadSetting(dir, pluginsFile)
	var le *srcpath.Error
	if errors.As(err, &le) {
		return nil, err
	}
	var list []string
	if err != nil || json.Unmarshal(raw, &list) != nil {
		return nil, nil
	}
	if list == nil {
		list = []string{}
	}
	return list, nil
}

// Unpublished is Obsidian Publish's rule (layout.Layout.Unpublished): "To
// ignore a note in Obsidian Publish, set publish: false in the YAML front
// matter for the note." The value may be the text "false", as Obsidian's
// property editor writes it.
func Unpublished(meta map[string]any, _ string) string {
	if layout.False(meta["publish"]) {
		return layout.PublishFalse
	}
	return ""
}

// decode reads one of the vault's settings files: nil when it is missing
// or does not parse, an error when it may not be read (see
// layout.ReadSetting).
func decode(dir, rel string) (map[string]any, error) {
	m, err := layout.Decode(dir, rel)
	var le *srcpath.Error
	if errors.As(err, &le) {
		return nil, err
	}
	return m, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
