// Package layouttest writes source folders for the layout packages' tests.
package layouttest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write creates the files (slash path -> content; a path ending in "/" is
// an empty folder) in a new temporary folder and returns it.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if rel[len(rel)-1] == '/' {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Link makes the symbolic links (slash path under dir -> target) in dir,
// creating their folders; a target starting "OUT/" names a path in the
// folder out (outside the source folder, for the link rule's tests).
func Link(t testing.TB, dir, out string, links map[string]string) {
	t.Helper()
	for link, target := range links {
		if rest, ok := strings.CutPrefix(target, "OUT/"); ok {
			target = filepath.Join(out, filepath.FromSlash(rest))
		}
		p := filepath.Join(dir, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
}

// QuartzConfig is a quartz.config.ts written as Quartz v4.5's own is,
// with the filters (a TypeScript list: "[Plugin.RemoveDrafts()]") and
// the link resolution ("shortest", "relative", "absolute") given: the
// site package's tests and the conformance tests build the same one.
func QuartzConfig(filters, resolution string) string {
	return `import { QuartzConfig } from "./quartz/cfg"
import * as Plugin from "./quartz/plugins"

const config: QuartzConfig = {
  configuration: {
    pageTitle: "Six Sides Wiki",
    enableSPA: true,
    locale: "en-US",
    baseUrl: "wiki.example.org/six",
    ignorePatterns: ["private", "templates", ".obsidian", "**/gm-*"],
    defaultDateType: "modified",
    theme: {
      fontOrigin: "googleFonts",
      cdnCaching: true,
      typography: { header: "Schibsted Grotesk", body: "Source Sans Pro", code: "IBM Plex Mono" },
      colors: {
        lightMode: { light: "#faf8f8", lightgray: "#e5e5e5", gray: "#b8b8b8", darkgray: "#4e4e4e", dark: "#2b2b2b",
          secondary: "#284b63", tertiary: "#84a59d", highlight: "rgba(143, 159, 169, 0.15)", textHighlight: "#fff23688" },
        darkMode: { light: "#161618", lightgray: "#393639", gray: "#646464", darkgray: "#d4d4d4", dark: "#ebebec",
          secondary: "#7b97aa", tertiary: "#84a59d", highlight: "rgba(143, 159, 169, 0.15)", textHighlight: "#b3aa0288" },
      },
    },
  },
  plugins: {
    transformers: [
      Plugin.FrontMatter(),
      Plugin.ObsidianFlavoredMarkdown({ enableInHtmlEmbed: false }),
      Plugin.GitHubFlavoredMarkdown(),
      Plugin.TableOfContents(),
      Plugin.CrawlLinks({ markdownLinkResolution: "` + resolution + `" }),
    ],
    filters: ` + filters + `,
    emitters: [
      Plugin.AliasRedirects(),
      Plugin.ComponentResources(),
      Plugin.ContentPage(),
      Plugin.FolderPage(),
      Plugin.TagPage(),
      Plugin.ContentIndex({ enableSiteMap: true, enableRSS: false }),
      Plugin.Assets(),
      Plugin.Static(),
      Plugin.NotFoundPage(),
    ],
  },
}

export default config
`
}
