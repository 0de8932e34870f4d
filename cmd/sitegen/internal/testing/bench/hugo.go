//go:build linux

package main

import (
	"os"
	"path/filepath"
)

// hugoTheme is a minimal Hugo site configuration and theme of the same
// shape as sitegen's pages (title, section navigation with at most 30
// pages, table of contents, content, previous/next), so that the two
// tools render comparable pages from the same corpus. RSS and taxonomies
// are off: sitegen makes neither.
var hugoTheme = map[string]string{
	"hugo.toml": `baseURL = "https://example.org/"
title = "Synthetic corpus"
languageCode = "en"
disableKinds = ["taxonomy", "term", "RSS"]
contentDir = "content"
`,
	"layouts/_default/baseof.html": `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
<link rel="stylesheet" href="{{ "css/site.css" | relURL }}"></head>
<body>
<header><a href="{{ "/" | relURL }}">{{ site.Title }}</a></header>
<nav><ul>
{{- $cur := .CurrentSection }}
{{- range site.Sections }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>
{{- if eq . $cur }}<ul>{{ range first 30 .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}
{{- if gt (len .Pages) 30 }}<li><a href="{{ .RelPermalink }}">All {{ len .Pages }} pages of {{ .Title }}</a></li>{{ end }}</ul>{{ end }}</li>
{{- end }}
</ul></nav>
<main>{{ block "main" . }}{{ end }}</main>
</body></html>
`,
	"layouts/_default/single.html": `{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .TableOfContents }}
{{ .Content }}
<nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }} {{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>
{{ end }}`,
	"layouts/_default/list.html": `{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Description }}</li>{{ end }}</ul>
{{ end }}`,
}

// hugoRulesTheme is the Hugo configuration and theme of the rules-shaped
// corpus (corpus.GenerateRules), as the shared benchmark corpus writes
// them (bench/corpus.py --hugo): the same page shape as hugoTheme, no
// stylesheet, and no sitemap either (sitegen writes one).
var hugoRulesTheme = map[string]string{
	"hugo.toml": `baseURL = "http://localhost/"
title = "bench"
disableKinds = ["taxonomy", "term", "RSS", "sitemap"]
[markup.goldmark.renderer]
unsafe = false
`,
	"layouts/_default/baseof.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} · {{ site.Title }}</title></head>` +
		`<body><header><a href="{{ "/" | relURL }}">{{ site.Title }}</a></header><nav><ul>` +
		`{{- $cur := .CurrentSection }}{{- range site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>` +
		`{{- if eq . $cur }}<ul>{{ range first 30 .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}` +
		`{{- if gt (len .Pages) 30 }}<li><a href="{{ .RelPermalink }}">All {{ len .Pages }} pages</a></li>{{ end }}</ul>{{ end }}</li>` +
		`{{- end }}</ul></nav><main>{{ block "main" . }}{{ end }}</main></body></html>
`,
	"layouts/_default/single.html": `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .TableOfContents }}{{ .Content }}` +
		`<nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }} ` +
		`{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>{{ end }}
`,
	"layouts/_default/list.html": `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`,
}

// writeHugoTheme adds a Hugo configuration and theme to a corpus.
func writeHugoTheme(dir string, theme map[string]string) error {
	for name, body := range theme {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}
