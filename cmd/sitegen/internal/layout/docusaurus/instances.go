package docusaurus

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// Plugin instances (https://docusaurus.io/docs/docs-multi-instance,
// https://docusaurus.io/docs/blog#multiple-blogs): a site may declare,
// in plugins:, further docs plugins (['@docusaurus/plugin-content-docs',
// {id, path, routeBasePath, sidebarPath, ...}], the name also written
// require.resolve('@docusaurus/plugin-content-docs')) and blog plugins
// beside the classic preset's. Each docs instance is docs of its own, by
// the same rules (ids, slugs, number prefixes, categories, tags at its
// routeBasePath/tags): its folder is a further folder of pages
// (layout.Layout.Roots) whose pages are in the navigation
// (layout.Page.InNav), a section of the home page labelled as the
// navbar's item that leads to it (themeConfig.navbar.items: {to:
// routeBasePath} or {docsPluginId: id}), else by its folder's name, in
// the navbar's order after the preset's docs; where a doc is at the
// instance's routeBasePath, that doc is the section, labelled so too
// (sitegen's one navigation holds the instances as the navbar does: the
// navbar's label names the instance there, where the instance's own
// sidebar labels the doc "Intro"). The blog's list keeps its title
// (blogTitle) and takes the navbar's label. A docs instance's own
// sidebars file (its sidebarPath, "Path to sidebar configuration",
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration)
// gives its docs' order and labels, as the preset's gives the preset's
// docs'. The preset's docs: false turns the preset's docs off; the
// first instance is then the content. Each blog (the preset's, and every
// blog instance whose folder exists) is built at its routeBasePath with
// its own list, tags, archive and feeds, in the order declared.

// pluginName is the module a plugins: entry names: its string, or the
// text of require.resolve('...').
func pluginName(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case jsconfig.Computed:
		return v.Text
	}
	return ""
}

// pluginEntries are the plugins: entries whose module name contains kind
// ("plugin-content-docs"), with their options (nil for none).
func pluginEntries(obj *jsconfig.Object, kind string) []*jsconfig.Object {
	list, _ := obj.Get("plugins").([]any)
	var out []*jsconfig.Object
	for _, e := range list {
		var name any
		var opts *jsconfig.Object
		switch e := e.(type) {
		case []any:
			if len(e) == 0 {
				continue
			}
			name = e[0]
			if len(e) > 1 {
				opts, _ = e[1].(*jsconfig.Object)
			}
		default:
			name = e
		}
		if strings.Contains(pluginName(name), kind) {
			if opts == nil {
				opts = &jsconfig.Object{}
			}
			out = append(out, opts)
		}
	}
	return out
}

// pluginNotes notes what of the site's plugins: cannot be read without
// running Node — the list itself (plugins: contentPlugins, an array a
// helper function fills: neoforged/Documentation) or an entry of it (a
// call, a spread of versions.map(…)) — at its file:line: the docs and
// blog plugin instances it declares are not built, which the build says
// rather than publishing less in silence.
func pluginNotes(l *layout.Layout, obj *jsconfig.Object) {
	const skipped = "not read (computed): the docs and blog plugin instances it declares are not built"
	switch v := obj.Get("plugins").(type) {
	case jsconfig.Computed:
		l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: plugins: %s %s", l.File, v.Line, v.Text, skipped))
	case []any:
		for _, e := range v {
			if c, ok := e.(jsconfig.Computed); ok {
				if m := requireResolve.FindStringSubmatch(c.Text); m != nil {
					// require.resolve('docusaurus-lunr-search'): a plugin
					// named, read as its name (pluginName)
					localPlugin(l, m[1]+m[2]+m[3], c.Line)
					continue
				}
				l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: an entry of plugins: %s %s", l.File, c.Line, c.Text, skipped))
				continue
			}
			if a, ok := e.([]any); ok && len(a) > 0 { // [plugin, options]
				e = a[0]
			}
			if name, ok := e.(string); ok {
				localPlugin(l, name, obj.Lines["plugins"])
			}
		}
	}
}

// localPlugin notes a plugin of plugins: that is the site's own code, a
// path ("./plugins/snippets": "a local plugin file",
// https://docusaurus.io/docs/using-plugins): sitegen does not run
// it, and what it adds (routes, pages) is not built. A package's name is
// no note.
func localPlugin(l *layout.Layout, name string, line int) {
	if strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/") {
		l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: plugins: %s: the site's own plugin: sitegen does not run it, so the pages and routes it adds are not built", l.File, line, name))
	}
}

// instanceID is a plugin's id option, "default" when it has none.
func instanceID(opts *jsconfig.Object) string {
	if id, ok := opts.String("id"); ok && id != "" {
		return id
	}
	return "default"
}

// navbarLabels are the labels and places the navbar's items give the docs
// instances, by docsPluginId, else by a to: that is the instance's
// routeBasePath or under it; and the blog's label, by a to: its
// routeBasePath. Items it cannot read (set by code, a call) are a note
// at the config's file:line: their labels are not used.
func navbarLabels(l *layout.Layout, obj *jsconfig.Object, insts []*rules, blogs []*blogPlugin) {
	const key = "themeConfig.navbar.items"
	v := obj.Object("themeConfig").Object("navbar").Get("items")
	if c, ok := v.(jsconfig.Computed); ok {
		l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s: %s not read (computed): the navbar's labels are not used", l.File, c.Line, key, c.Text))
	}
	items, _ := v.([]any)
	for i, it := range items {
		o, ok := it.(*jsconfig.Object)
		if c, computed := it.(jsconfig.Computed); computed {
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: an entry of %s: %s not read (computed): its label is not used", l.File, c.Line, key, c.Text))
		}
		if !ok {
			continue
		}
		label, _ := o.String("label")
		if label == "" {
			continue
		}
		pid, _ := o.String("docsPluginId")
		to, _ := o.String("to")
		to = strings.Trim(to, "/")
		for _, r := range insts {
			match := pid != "" && pid == r.id ||
				pid == "" && to != "" && r.routeBase != "" && (to == r.routeBase || strings.HasPrefix(to, r.routeBase+"/"))
			if match && r.label == "" {
				r.label, r.navPos = label, i
			}
		}
		for _, blog := range blogs {
			if pid == "" && to == blog.route && blog.label == "" {
				blog.label = label
			}
		}
	}
}

// readInstances reads the docs plugin instances of plugins: other than
// main (the options the content's docs were read from) into r.instances,
// their folders into l.Roots.
func readInstances(l *layout.Layout, r *rules, obj, main *jsconfig.Object, dir string) error {
	var insts []*rules
	for i, opts := range pluginEntries(obj, "plugin-content-docs") {
		id := instanceID(opts)
		if opts == main || id == "default" {
			continue
		}
		where := fmt.Sprintf("plugins[content-docs %s]", id)
		inst := &rules{dir: dir, site: r.site, id: id, content: siteRel(r.site, "docs"), routeBase: "docs", prefixes: true, collapsible: true, collapsed: true, navPos: 1000 + i}
		if s, ok := opts.String("path"); ok && s != "" {
			c, err := l.FolderAt(dir, where+".path", siteRel(r.site, s), opts.Lines["path"], opts.Cols["path"])
			if err != nil {
				return err
			}
			inst.content = c
		}
		if rb, ok := opts.String("routeBasePath"); ok {
			inst.routeBase = strings.Trim(rb, "/")
		}
		if b, ok := opts.Get("sidebarCollapsible").(bool); ok {
			inst.collapsible, inst.collapsed = b, b
		}
		if b, ok := opts.Get("sidebarCollapsed").(bool); ok {
			inst.collapsed = b
		}
		if b, ok := opts.Get("numberPrefixParser").(bool); ok && !b {
			inst.prefixes = false
		}
		if opts.Has("exclude") {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %s.exclude not read: the default exclude (partials, tests) is used", l.File, where))
		}
		if !beside(l.Content, inst.content) || !layout.Exists(dir, inst.content, true) {
			continue
		}
		versions, current, err := readVersions(l, inst, opts, where, dir)
		if err != nil {
			return err
		}
		if current {
			if err := addInstance(l, r, inst, sidebarFile(dir, r.site, opts.Get("sidebarPath"))); err != nil {
				return err
			}
			insts = append(insts, inst)
		}
		for _, v := range versions {
			if err := addInstance(l, r, v, versionSidebars(v)); err != nil {
				return err
			}
			r.versions = append(r.versions, v)
		}
	}
	r.instances = insts
	return nil
}

// addInstance adds the docs instance inst (a plugin instance, or a
// version of one) to the layout: its folder as a further folder of pages
// (l.Roots), its sidebars file sb ("" for none) as its navigation.
func addInstance(l *layout.Layout, r *rules, inst *rules, sb string) error {
	sidebars := ""
	if sb != "" {
		// The instance's own sidebars: its docs' order and labels, by
		// their ids, which name the instance (instancePage).
		nav, notes, auto, err := readSidebars(inst.dir, sb, relTo(l.Content, inst.content), inst.collapsible, inst.collapsed, inst.url)
		if err != nil {
			return err
		}
		for i := range nav {
			if nav[i].ID != "" {
				nav[i].ID = inst.id + ":" + nav[i].ID
			}
			nav[i].File = sb
			nav[i].Sidebar = inst.id + ":" + nav[i].Sidebar
		}
		l.Nav = append(l.Nav, nav...)
		l.Notes = append(l.Notes, notes...)
		// An autogenerated slice of the instance's own sidebar: its
		// docs keep the page tree's navigation, under the navbar's
		// label for the instance (sitegen shows one navigation).
		auto = auto || slices.ContainsFunc(nav, func(e layout.NavEntry) bool { return e.Tree != "" })
		r.autoSidebar = r.autoSidebar || auto
		sidebars = fmt.Sprintf(", its %s (%d entries)", sb, len(nav))
	}
	inst.tags = docsTags(inst)("")
	l.Roots = append(l.Roots, inst.content)
	if inst.version == "" || inst.label != inst.version { // a version is listed with its versions.json (readVersions)
		l.Read = append(l.Read, fmt.Sprintf("docs instance %s (%s/ at /%s%s)", inst.id, inst.content, inst.routeBase, sidebars))
	}
	return nil
}

// requireResolve is require.resolve('./file') as jsconfig keeps it (a
// computed value's text).
var requireResolve = regexp.MustCompile("^require\\.resolve\\(\\s*(?:'([^']*)'|\"([^\"]*)\"|`([^`$]*)`)\\s*\\)$")

// jsToTS is the TypeScript extension jiti tries for a JavaScript one.
var jsToTS = map[string]string{".js": ".ts", ".mjs": ".mts", ".cjs": ".cts"}

// sidebarFile is the source-relative file a sidebarPath value names
// (dir: the source folder, site: the site's folder in it, which the value
// is relative to): a string, or require.resolve('./sidebars.js')
// as the templates write it; "" for none (false, a value not read, a path
// out of the site). Docusaurus loads its config with jiti, whose
// require.resolve of a .js path that is not there finds the TypeScript
// file of that name (jiti 1.21.7: './sidebars.js' is sidebars.ts, a
// TypeScript site's templates write so).
func sidebarFile(dir, site string, v any) string {
	switch v := v.(type) {
	case string:
		return layout.CleanRel(siteRel(site, v))
	case jsconfig.Computed:
		if m := requireResolve.FindStringSubmatch(v.Text); m != nil {
			f := layout.CleanRel(siteRel(site, m[1]+m[2]+m[3]))
			if ts, ok := jsToTS[path.Ext(f)]; ok && !layout.Exists(dir, f, false) {
				if alt := strings.TrimSuffix(f, path.Ext(f)) + ts; layout.Exists(dir, alt, false) {
					return alt
				}
			}
			return f
		}
	}
	return ""
}

// instance is the docs instance whose folder holds src (source-relative)
// and src's path in it; nil when none does.
func (r *rules) instance(src string) (*rules, string) {
	for _, inst := range slices.Concat(r.instances, r.versions) {
		if src == inst.content {
			return inst, ""
		}
		if in, ok := under(src, inst.content); ok {
			return inst, in
		}
	}
	return nil, ""
}

// instancePage places a doc of the instance inst (rel in its folder): its
// id names the instance too, so that ids of two instances differ.
func (inst *rules) instancePage(rel string, fm map[string]any) layout.Page {
	p := inst.Page(rel, fm)
	p.ID = inst.id + ":" + p.ID
	if p.URL == inst.url("/") { // the instance's own page: placed and labelled as its folder
		p.NavLabel = cmp.Or(inst.label, p.NavLabel)
		p.Position, p.HasPosition, p.ByName = inst.rootPosition(), true, false
	}
	return p
}

// rootPosition is the place of the instance among the home page's
// children: after the preset's docs, in the navbar's order.
func (inst *rules) rootPosition() float64 {
	return 1e8 + float64(inst.navPos)
}

// instanceFolder is the folder rel of the instance inst ("" for its
// root: a section of the home page, labelled as the navbar names it).
func (inst *rules) instanceFolder(rel string) (layout.Page, error) {
	p, err := inst.Folder(rel)
	for i, id := range p.Link {
		p.Link[i] = inst.id + ":" + id
	}
	p.InNav = true
	if rel == "" {
		p.Title = cmp.Or(inst.label, path.Base(inst.content))
		p.SortName = inst.content
		p.Position, p.HasPosition = inst.rootPosition(), true
		p.Collapsible, p.Open = inst.collapsible, !inst.collapsed || !inst.collapsible
	}
	return p, err
}

// instanceTags are the docs tags of the instances: at each one's
// routeBasePath/tags; nil for a page of none.
func (r *rules) instanceTags(rel string) *layout.Tags {
	inst, _ := r.instance(path.Join(r.content, rel))
	if inst == nil {
		return nil
	}
	return inst.tags
}

// relTo is the source-relative folder to as a path relative to the folder
// from ("../community" from docs): where a docs instance's pages are in
// the content (layout.Layout.Roots).
func relTo(from, to string) string {
	rel, err := filepath.Rel(filepath.FromSlash(from), filepath.FromSlash(to))
	if err != nil {
		return to
	}
	return filepath.ToSlash(rel)
}
