package docusaurus

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestSiteFolder: "docusaurus build [siteDir]"
// (https://docusaurus.io/docs/cli#docusaurus-build-sitedir) builds the
// site of the folder siteDir, and the docs plugin's "path: Path to the
// docs content directory on the file system, relative to site directory"
// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration)
// may leave it: website/ with path: '../docs' (dJPoida/hexbound). Built
// from the folder that holds both (RecogniseSite), every path of the
// layout is relative to that folder: the docs beside website/, the
// site's sidebars, blog, static folder, versions and build folder in it;
// a path that leaves the source folder is refused at its file:line:col.
func TestSiteFolder(t *testing.T) {
	const config = "module.exports = {\n  title: 'Outer',\n  presets: [['classic', {\n    docs: %s,\n    blog: {path: 'blog'},\n  }]],\n};\n"
	tests := []struct {
		name  string
		docs  string
		files map[string]string
		want  string // Content File Static NavFile Roots Output; or the error
	}{
		{
			name: "docs beside the site folder",
			docs: "{path: '../docs', sidebarPath: require.resolve('./sidebars.js')}",
			files: map[string]string{"docs/intro.md": "# Intro\n", "website/sidebars.js": "module.exports = {s: ['intro']};\n",
				"website/blog/2024-01-02-a.md": "A\n", "website/static/img/x.png": "x"},
			want: "docs website/docusaurus.config.js [website/static] website/sidebars.js [website/blog] website/build",
		},
		{
			name: "string sidebarPath, src/pages",
			docs: "{path: '../rules', sidebarPath: './sidebars.js'}",
			files: map[string]string{"rules/intro.md": "# Intro\n", "website/sidebars.js": "module.exports = {s: ['intro']};\n",
				"website/src/pages/about.md": "# About\n"},
			want: "rules website/docusaurus.config.js [website/static] website/sidebars.js [website/src/pages] website/build",
		},
		{
			name: "versions of the site folder",
			docs: "{path: '../docs'}",
			files: map[string]string{"docs/intro.md": "# Intro\n", "website/versions.json": `["1.0"]`,
				"website/versioned_docs/version-1.0/intro.md": "# Old\n", "website/versioned_sidebars/version-1.0-sidebars.json": `{"s": ["intro"]}`},
			want: "docs website/docusaurus.config.js [website/static]  [website/versioned_docs/version-1.0] website/build",
		},
		{
			name:  "a path that leaves the source folder",
			docs:  "{path: '../../docs'}",
			files: map[string]string{"docs/intro.md": "# Intro\n"},
			want:  `website/docusaurus.config.js:4:12: presets.docs.path: "../../docs" is outside the source folder: Docusaurus reads the docs there, but sitegen reads and publishes nothing outside --source`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"website/docusaurus.config.js": fmt.Sprintf(config, tt.docs), "README.md": "# Repo\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			dir := layouttest.Write(t, files)
			l, err := RecogniseSite(dir, "website")
			var got string
			var ce *layout.ConfigError
			switch {
			case errors.As(err, &ce):
				got = err.Error()
			case err != nil:
				t.Fatal(err)
			case l == nil:
				t.Fatal("no layout")
			default:
				got = fmt.Sprintf("%s %s %v %s %v %s", l.Content, l.File, l.Static, l.NavFile, l.Roots, l.Output)
			}
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if err == nil && DocsOutside(dir, "website") != true {
				t.Error("DocsOutside = false")
			}
		})
	}
	// A site whose docs are in its own folder is its folder's site.
	dir := layouttest.Write(t, map[string]string{"website/docusaurus.config.js": fmt.Sprintf(config, "{path: 'docs'}"), "website/docs/a.md": ""})
	if DocsOutside(dir, "website") {
		t.Error("DocsOutside(website/docs) = true")
	}
}
