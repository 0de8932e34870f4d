package hugo

import (
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestVendoredThemeModule: a theme imported as a Hugo module is read from
// _vendor/PATH after `hugo mod vendor`: "Vendor all module dependencies
// into the _vendor directory. If a module is vendored, that is where Hugo
// will look for it's dependencies"
// (https://gohugo.io/commands/hugo_mod_vendor/), the project's templates
// first: "Hugo will look first in the project and then in" the themes
// (https://gohugo.io/hugo-modules/theme-components/). A module is named by
// "module: imports: - path: …" (https://gohugo.io/hugo-modules/use-modules/)
// or by the theme setting. A module that is not in the repository is in
// AbsentThemes, for the build to say once (chrisbarley89/golden_wastes,
// eval11C NC7); a path that climbs out (../x/y) is not read.
func TestVendoredThemeModule(t *testing.T) {
	const mod = "github.com/jack-hk/Atlas"
	tests := []struct {
		name, config string
		files        map[string]string
		templates    []string // shortcode names read
		absent       []string // module paths said absent
	}{
		{"imports, vendored", "title: T\nmodule:\n  imports:\n    - path: " + mod + "\n",
			map[string]string{"_vendor/" + mod + "/layouts/shortcodes/infobox.html": "<aside>{{ .Inner }}</aside>",
				"_vendor/" + mod + "/layouts/partials/p.html": "p"},
			[]string{"infobox"}, nil},
		{"theme path, vendored", "title: T\ntheme: " + mod + "\n",
			map[string]string{"_vendor/" + mod + "/layouts/_shortcodes/icon.html": "<i></i>"},
			[]string{"icon"}, nil},
		{"imports, TOML, vendored", "",
			map[string]string{"hugo.toml": "title = \"T\"\n[[module.imports]]\npath = \"" + mod + "\"\n",
				"_vendor/" + mod + "/layouts/shortcodes/infobox.html": "x"},
			[]string{"infobox"}, nil},
		{"imports, absent", "title: T\nmodule:\n  imports:\n    - path: " + mod + "\n", nil, nil, []string{mod}},
		{"theme folder name", "title: T\ntheme: book\n",
			map[string]string{"themes/book/layouts/shortcodes/hint.html": "h"}, []string{"hint"}, nil},
		{"module path escaping", "title: T\ntheme: ../x/y\n",
			map[string]string{"layouts/shortcodes/own.html": "o"}, []string{"own"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/_index.md": "# Home\n"}
			if tc.config != "" {
				files["hugo.yaml"] = tc.config
			}
			for k, v := range tc.files {
				files[k] = v
			}
			dir := layouttest.Write(t, files)
			l, err := Recognise(dir)
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if len(l.Markup.ShortcodeTemplates) != len(tc.templates) {
				t.Errorf("shortcode templates = %v, want %v", l.Markup.ShortcodeTemplates, tc.templates)
			}
			for _, n := range tc.templates {
				if _, ok := l.Markup.ShortcodeTemplates[n]; !ok {
					t.Errorf("shortcode %q not read (have %v)", n, l.Markup.ShortcodeTemplates)
				}
			}
			if !slices.Equal(l.AbsentThemes, tc.absent) {
				t.Errorf("AbsentThemes = %q, want %q", l.AbsentThemes, tc.absent)
			}
		})
	}
}
