package docusaurus

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// Versioned docs (https://docusaurus.io/docs/versioning,
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration),
// as plugin-content-docs 3.10's versions/files.js and version.js read
// them:
//
//   - versions.json ("an array of version names", newest first; a docs
//     instance's is ID_versions.json) lists the versions; each version X
//     is the folder versioned_docs/version-X (ID_versioned_docs/…) with
//     its sidebars in versioned_sidebars/version-X-sidebars.json (a
//     missing one: no sidebar, "as we prefer to not create it").
//   - includeCurrentVersion (default true) puts the current version (the
//     docs folder) first; disableVersioning: true reads no versions.json;
//     onlyIncludeVersions keeps those it names, in versions.json's order.
//   - lastVersion: "The version navigated to in priority and displayed by
//     default for docs navbar items", default "the first version in
//     versions.json" (else current).
//   - A version's URL is routeBasePath + its path: versions[X].path, else
//     "" for the last version, "next" for the current version, else X
//     ("/docs/next/…" for the current version when a versioned one is
//     last, "/docs/1.0/…" for the others); its label versions[X].label,
//     else "Next" for current, else X.
//
// Each further version is built as a docs instance (instances.go): its
// docs by the plugin's rules at its URL, its own sidebar, links
// resolving in its folder (they are files of it), its section of the
// navigation labelled with the version's label, after the docs
// instances, in versions.json's order.

// version is one version of a docs plugin: its name ("current" for the
// docs folder), path part and label.
type version struct {
	name, path, label string
}

// CurrentVersion is the name of the version the docs folder holds.
const CurrentVersion = "current"

// readVersions reads the versions of the docs plugin whose rules are r
// (the preset's docs, or a docs instance) and whose options are opts
// (nil for none; where names them in notes): it sets r's routeBase to
// the current version's URL, and returns the other versions' rules, to
// be built as docs instances (addInstance). current is false when the
// current version is not built (includeCurrentVersion: false).
func readVersions(l *layout.Layout, r *rules, opts *jsconfig.Object, where, dir string) (others []*rules, current bool, err error) {
	note := func(key string, v any) {
		if c, ok := v.(jsconfig.Computed); ok {
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s.%s: %s not read (computed): the default is used", l.File, c.Line, where, key, c.Text))
		}
	}
	prefix := ""
	if r.id != "" && r.id != "default" {
		prefix = r.id + "_"
	}
	file := siteRel(r.site, prefix+"versions.json")
	var names []string
	disabled, _ := opts.Get("disableVersioning").(bool)
	note("disableVersioning", opts.Get("disableVersioning"))
	raw, rerr := layout.ReadSetting(dir, file)
	switch {
	case errors.Is(rerr, fs.ErrNotExist):
		if disabled {
			return nil, false, &layout.ConfigError{File: l.File, Line: opts.Lines["disableVersioning"], Col: opts.Cols["disableVersioning"], Key: where + ".disableVersioning",
				Msg: fmt.Sprintf("true with no %s: Docusaurus stops (\"using disableVersioning: true option on a non-versioned site does not make sense\")", file)}
		}
	case rerr != nil:
		return nil, false, rerr
	case disabled:
		l.Read = append(l.Read, where+".disableVersioning: "+file+" not read")
	default:
		if err := yaml.Unmarshal(raw, &names); err != nil { // JSON is YAML
			return nil, false, &layout.ConfigError{File: file, Msg: "not an array of version names: " + layout.YAMLError(file, err).Error()}
		}
	}
	include := true
	if b, ok := opts.Get("includeCurrentVersion").(bool); ok {
		include = b
	}
	note("includeCurrentVersion", opts.Get("includeCurrentVersion"))
	if include && !slices.Contains(names, CurrentVersion) {
		names = slices.Insert(names, 0, CurrentVersion)
	}
	if len(names) == 0 {
		return nil, false, &layout.ConfigError{File: l.File, Line: opts.Lines["includeCurrentVersion"], Col: opts.Cols["includeCurrentVersion"], Key: where + ".includeCurrentVersion",
			Msg: fmt.Sprintf("false with no versions in %s: Docusaurus stops (\"It is not possible to use docs without any version\")", file)}
	}
	if err := checkVersions(l, opts, where, names); err != nil {
		return nil, false, err
	}
	if only, ok := opts.Get("onlyIncludeVersions").([]any); ok {
		// "we preserve the order in which versions are provided; the
		// order of the onlyIncludeVersions array does not matter"
		names = slices.DeleteFunc(names, func(n string) bool { return !slices.Contains(only, any(n)) })
		l.Read = append(l.Read, where+".onlyIncludeVersions")
	} else {
		note("onlyIncludeVersions", opts.Get("onlyIncludeVersions"))
	}
	if len(names) == 1 && names[0] == CurrentVersion && !opts.Has("lastVersion") && !opts.Has("versions") {
		return nil, true, nil // not versioned
	}
	last, ok := opts.String("lastVersion")
	if !ok {
		note("lastVersion", opts.Get("lastVersion"))
		last = CurrentVersion
		if i := slices.IndexFunc(names, func(n string) bool { return n != CurrentVersion }); i >= 0 {
			last = names[i]
		}
	}
	settings := versionSettings(l, opts, where, dir, r.site)
	base := r.routeBase
	var at []string // where each version is built, for the build's first line
	for i, name := range names {
		v := version{name: name, label: name, path: name}
		if name == CurrentVersion {
			v.label, v.path = "Next", "next"
		}
		if name == last {
			v.path = ""
		}
		if s, ok := settings.Object(name).String("label"); ok {
			v.label = s
		}
		if s, ok := settings.Object(name).String("path"); ok {
			v.path = s
		}
		route := strings.Trim(path.Join(base, v.path), "/")
		if name == CurrentVersion {
			r.routeBase, r.version = route, v.label
			current = true
			continue
		}
		vr := &rules{dir: dir, site: r.site, id: prefix + "version-" + name, content: siteRel(r.site, prefix+"versioned_docs/version-"+name), routeBase: route,
			prefixes: r.prefixes, collapsible: r.collapsible, collapsed: r.collapsed,
			label: v.label, version: v.label, navPos: 5000 + 100*r.navPos + i, plugin: cmp.Or(r.id, "default"), versionName: name}
		if !layout.Exists(dir, vr.content, true) {
			// "The docs folder does not exist for version "X". A docs
			// folder is expected to be found at versioned_docs/version-X."
			return nil, false, &layout.ConfigError{File: file, Msg: fmt.Sprintf("version %q has no folder %s/: Docusaurus stops (\"The docs folder does not exist for version\")", name, vr.content)}
		}
		others = append(others, vr)
		at = append(at, fmt.Sprintf("%s at /%s", name, route))
	}
	if current {
		at = slices.Insert(at, 0, fmt.Sprintf("current at /%s", r.routeBase))
	} else {
		at = append(at, "current not built (includeCurrentVersion false)")
	}
	l.Read = append(l.Read, fmt.Sprintf("%s (last %s; %s; each with its versioned_sidebars file)", file, last, strings.Join(at, ", ")))
	return others, current, nil
}

// checkVersions refuses, at their file:line:col, the versions options
// Docusaurus refuses (plugin-content-docs 3.10's validateVersionsOptions,
// lib/versions/validation.js), names being the versions available
// (versions.json's, with current unless includeCurrentVersion is false),
// before onlyIncludeVersions filters them: a lastVersion that is none of
// them ("Docs option lastVersion: X is invalid"), a versions key that is
// none ("unknown versions (X) found"), an onlyIncludeVersions that is
// empty, names one that is none, or leaves out the lastVersion. A value
// not read (computed) is not checked.
func checkVersions(l *layout.Layout, opts *jsconfig.Object, where string, names []string) error {
	fail := func(key, format string, args ...any) error {
		return &layout.ConfigError{File: l.File, Line: opts.Lines[key], Col: opts.Cols[key], Key: where + "." + key, Msg: fmt.Sprintf(format, args...)}
	}
	avail := strings.Join(names, ", ")
	last, hasLast := opts.String("lastVersion")
	if hasLast && last != "" && !slices.Contains(names, last) {
		return fail("lastVersion", "%q is no version (%s): Docusaurus stops (\"Docs option lastVersion: %s is invalid\")", last, avail, last)
	}
	if v, ok := opts.Get("versions").(*jsconfig.Object); ok {
		for _, k := range v.Keys {
			if !slices.Contains(names, k) {
				return fail("versions", "%s is no version (%s): Docusaurus stops (\"Invalid docs option \\\"versions\\\": unknown versions (%s) found\")", k, avail, k)
			}
		}
	}
	only, ok := opts.Get("onlyIncludeVersions").([]any)
	if !ok {
		return nil
	}
	if len(only) == 0 {
		return fail("onlyIncludeVersions", "an empty list: Docusaurus stops (\"an empty array is not allowed, at least one version is needed\")")
	}
	for _, o := range only {
		if s, ok := o.(string); ok && !slices.Contains(names, s) {
			return fail("onlyIncludeVersions", "%s is no version (%s): Docusaurus stops (\"Invalid docs option \\\"onlyIncludeVersions\\\": unknown versions (%s) found\")", s, avail, s)
		}
	}
	if hasLast && last != "" && !slices.Contains(only, any(last)) {
		return fail("onlyIncludeVersions", "leaves out the lastVersion %q: Docusaurus stops (\"\\\"lastVersion\\\" must be present in the provided \\\"onlyIncludeVersions\\\" array\")", last)
	}
	return nil
}

// requireJSON is require('./file.json') as jsconfig keeps it (a computed
// value's text): Node reads the JSON file.
var requireJSON = regexp.MustCompile(`^require\(\s*(?:'([^']*\.json)'|"([^"]*\.json)")\s*\)$`)

// versionSettings is the docs plugin's versions option ("Independent
// customization of each version's properties": {X: {label, path}}), an
// object, or a JSON file the config requires (versions:
// require('./version_labels.json')), read as Node reads it.
func versionSettings(l *layout.Layout, opts *jsconfig.Object, where, dir, site string) *jsconfig.Object {
	switch v := opts.Get("versions").(type) {
	case *jsconfig.Object:
		l.Read = append(l.Read, where+".versions")
		return v
	case jsconfig.Computed:
		if m := requireJSON.FindStringSubmatch(v.Text); m != nil {
			rel := layout.CleanRel(siteRel(site, m[1]+m[2]))
			raw, err := layout.ReadSetting(dir, rel)
			if err == nil {
				if o, ok := jsconfig.Parse([]byte("module.exports = " + string(raw))).Root.(*jsconfig.Object); ok {
					l.Read = append(l.Read, where+".versions ("+rel+")")
					return o
				}
			}
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s: %s not read: the versions' default labels and paths are used", l.File, v.Line, where+".versions", rel))
			return nil
		}
		l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s.versions: %s not read (computed): the versions' default labels and paths are used", l.File, v.Line, where, v.Text))
	}
	return nil
}

// versionSidebars is the sidebars file of the version v:
// versioned_sidebars/version-X-sidebars.json beside
// versioned_docs/version-X (ID_versioned_sidebars for a docs instance).
func versionSidebars(v *rules) string {
	return strings.Replace(v.content, "versioned_docs/", "versioned_sidebars/", 1) + "-sidebars.json"
}
