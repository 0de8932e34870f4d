package jekyll

import (
	"errors"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

func TestRecognise(t *testing.T) {
	tests := []struct {
		name     string
		config   string
		content  string
		settings layout.Settings
		skipped  []string
		kept     []string
	}{
		{name: "defaults", config: "theme: just-the-docs\n", content: ".",
			skipped: []string{"_site", "_includes", "_config.yml", "Gemfile", "Gemfile.lock", "vendor", "node_modules", ".jekyll-cache", "x.gemspec", "docs/_drafts"},
			kept:    []string{"index.md", "docs/rules.md", "assets/img/a.png"}},
		{name: "settings", config: "title: SRD 5.1\nurl: https://srd.test\nbaseurl: /srd\npermalink: pretty\nlang: de\n", content: ".",
			settings: layout.Settings{Title: "SRD 5.1", BaseURL: "https://srd.test/srd/", Permalink: "pretty", LanguageCode: "de"}},
		{name: "baseurl alone", config: "baseurl: \"/srd/\"\n", content: ".", settings: layout.Settings{BaseURL: "/srd/"}},
		{name: "exclude and include", config: "exclude: [scripts, \"*.py\", docs/old]\ninclude: [_redirects]\n", content: ".",
			skipped: []string{"scripts", "convert.py", "docs/old/a.md", "Gemfile"}, kept: []string{"_redirects", "docs/new.md"}},
		{name: "source", config: "source: site\n", content: "site"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": tt.config}))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if l.Content != tt.content || l.Settings != tt.settings || l.Redirects != "redirect_from" {
				t.Errorf("got content %q settings %+v redirects %q, want %q %+v redirect_from", l.Content, l.Settings, l.Redirects, tt.content, tt.settings)
			}
			for _, p := range tt.skipped {
				if !l.Skip(p, false) {
					t.Errorf("%s published", p)
				}
			}
			for _, p := range tt.kept {
				if l.Skip(p, false) {
					t.Errorf("%s not published", p)
				}
			}
		})
	}
}

func TestNotJekyll(t *testing.T) {
	if l, err := Recognise(layouttest.Write(t, map[string]string{"README.md": "x"})); l != nil || err != nil {
		t.Errorf("Recognise = %v, %v; want nil, nil", l, err)
	}
}

func TestBadConfig(t *testing.T) {
	_, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: a\nexclude: [a\n"}))
	var ce *layout.ConfigError
	if !errors.As(err, &ce) || ce.File != "_config.yml" || ce.Line == 0 {
		t.Fatalf("err = %v, want a ConfigError at a line of _config.yml", err)
	}
}

// TestUnpublished checks Jekyll's documented rules:
//
// https://jekyllrb.com/docs/front-matter/ — "published: Set to false if
// you don't want a specific post to show up when the site is generated";
// "To preview unpublished pages, simply run jekyll serve or jekyll build
// with the --unpublished switch" (sitegen's --drafts).
//
// https://jekyllrb.com/docs/posts/#drafts — "Drafts are posts without a
// date in the filename. They're posts you're still working on and don't
// want to publish yet. To get up and running with drafts, create a
// _drafts folder in your site's root"; "To preview your site with
// drafts, run jekyll serve or jekyll build with the --drafts switch".
func TestUnpublished(t *testing.T) {
	for _, tt := range []struct {
		meta map[string]any
		want string
	}{
		{map[string]any{"published": false}, layout.PublishedFalse},
		{map[string]any{"published": "false"}, layout.PublishedFalse}, // Jekyll publishes it; sitegen errs on the private side
		{map[string]any{"published": true}, ""},
		{map[string]any{}, ""},
	} {
		if got := Unpublished(tt.meta, "a.md"); got != tt.want {
			t.Errorf("Unpublished(%v) = %q, want %q", tt.meta, got, tt.want)
		}
	}
	l, err := Recognise(layouttest.Write(t, map[string]string{"_config.yml": "title: J\n"}))
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{"_drafts/a.md": true, "_drafts": true, "docs/_drafts/a.md": false, "drafts/a.md": false} {
		rule := l.UnpublishedPath(rel, rel == "_drafts")
		if (rule != nil) != want || rule != nil && (rule.Reason != DraftsReason || !rule.Preview) {
			t.Errorf("UnpublishedPath(%s) = %+v, want a preview rule: %v", rel, rule, want)
		}
	}
}
