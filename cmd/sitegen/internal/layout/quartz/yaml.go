package quartz

import (
	"fmt"
	"path"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// YAMLConfigFile is the file Quartz 5 reads its settings from
// (https://quartz.jzhao.xyz/configuration: "Most of the configuration you
// should need can be done by just editing quartz.config.yaml").
const YAMLConfigFile = "quartz.config.yaml"

// OverrideFile is Quartz 5's TypeScript override of quartz.config.yaml
// ("Options set in quartz.ts are merged with YAML options and take
// precedence"); sitegen does not run it.
const OverrideFile = "quartz.ts"

// ReadYAMLConfig reads the settings of a decoded quartz.config.yaml:
// configuration.pageTitle, pageTitleSuffix, baseUrl, locale and ignorePatterns (the same
// settings as quartz.config.ts's configuration), and the plugins list,
// each entry a source ("github:quartz-community/remove-draft",
// "@quartz-community/remove-draft", "github:user/repo#branch" or
// {repo, ref}) with enabled and options: the filters remove-draft and
// explicit-publish when enabled, crawl-links' markdownLinkResolution and
// openLinksInNewTab.
// A filter only runs when its entry is listed and enabled, as Quartz 5
// loads only the plugins listed. What it cannot read is Quartz's default,
// with a note.
func ReadYAMLConfig(m map[string]any) Config {
	c := Config{Links: "shortest", Ignore: DefaultIgnore}
	conf, ok := m["configuration"].(map[string]any)
	if !ok {
		c.Notes = append(c.Notes, YAMLConfigFile+": configuration: not a mapping: no title, base URL or ignorePatterns read")
		conf = map[string]any{}
	}
	for _, k := range []struct {
		key string
		to  *string
	}{{"pageTitle", &c.PageTitle}, {"pageTitleSuffix", &c.PageTitleSuffix}, {"baseUrl", &c.BaseURL}, {"locale", &c.Locale}, {"defaultDateType", &c.DateType}} {
		v, has := conf[k.key]
		if !has || v == nil {
			continue
		}
		if s, ok := v.(string); ok && k.key == "pageTitleSuffix" {
			*k.to = s // as written: " · Site" keeps its space
		} else if ok {
			*k.to = strings.TrimSpace(s)
		} else {
			c.Notes = append(c.Notes, fmt.Sprintf("%s: configuration.%s is not a string: not read", YAMLConfigFile, k.key))
		}
	}
	if v, has := conf["ignorePatterns"]; has {
		if pats, ok := strs(v); ok {
			c.Ignore = pats
		} else {
			c.Notes = append(c.Notes, fmt.Sprintf("%s: configuration.ignorePatterns is not a list of strings: Quartz's default, %s", YAMLConfigFile, strings.Join(DefaultIgnore, ", ")))
		}
	}
	plugins, ok := m["plugins"].([]any)
	if !ok {
		if _, has := m["plugins"]; has {
			c.Notes = append(c.Notes, YAMLConfigFile+": plugins is not a list: Quartz's default filter RemoveDrafts used")
		}
		c.RemoveDrafts = true
		return c
	}
	for i, p := range plugins {
		e, ok := p.(map[string]any)
		if !ok {
			c.Notes = append(c.Notes, fmt.Sprintf("%s: plugins[%d] is not a mapping: not read", YAMLConfigFile, i))
			continue
		}
		name := pluginName(e["source"])
		if en, ok := e["enabled"].(bool); ok && !en {
			continue
		}
		opts, _ := e["options"].(map[string]any)
		switch name {
		case "remove-draft":
			c.RemoveDrafts = true
		case "explicit-publish":
			c.ExplicitPublish = true
		case canvasPlugin:
			c.Canvas = true
		case "crawl-links":
			c.Links = "absolute"
			if s, ok := opts["markdownLinkResolution"].(string); ok {
				switch s {
				case "shortest", "relative", "absolute":
					c.Links = s
				default:
					c.Notes = append(c.Notes, fmt.Sprintf("%s: plugins[%d] crawl-links: markdownLinkResolution %q is not one of shortest, relative, absolute: absolute used", YAMLConfigFile, i, s))
				}
			}
			c.NewTab, _ = opts["openLinksInNewTab"].(bool)
		case "":
			c.Notes = append(c.Notes, fmt.Sprintf("%s: plugins[%d] has no source sitegen reads: not read", YAMLConfigFile, i))
		}
	}
	return c
}

// pluginName is the repository name of a plugin entry's source:
// "explicit-publish" for "github:quartz-community/explicit-publish#main",
// "@quartz-community/explicit-publish" or {repo: …}.
func pluginName(src any) string {
	if o, ok := src.(map[string]any); ok {
		src = o["repo"]
	}
	s, _ := src.(string)
	s, _, _ = strings.Cut(s, "#")
	s = strings.TrimSuffix(strings.TrimSpace(s), "/")
	s = strings.TrimSuffix(s, ".git")
	if s == "" {
		return ""
	}
	return path.Base(s)
}

// readOverride reads quartz.ts, Quartz 5's TypeScript override, as text:
// sitegen does not run it, and says so when it overrides anything; when
// it names ExplicitPublish, that filter is applied too, so that a note the
// site may keep private is never published.
func (c *Config) readOverride(dir string) error {
	if !layout.Exists(dir, OverrideFile, false) {
		return nil
	}
	raw, err := layout.ReadSetting(dir, OverrideFile)
	if err != nil {
		return err
	}
	text := string(raw)
	if strings.Contains(text, "ExplicitPublish") || strings.Contains(text, "explicit-publish") {
		c.ExplicitPublish = true
		c.Notes = append(c.Notes, OverrideFile+": names ExplicitPublish: only notes with publish: true are published")
	}
	for _, sign := range []string{"setOptionOverrides", "ExternalPlugin.", "loadQuartzConfig({"} {
		if strings.Contains(text, sign) {
			c.Notes = append(c.Notes, OverrideFile+": its TypeScript overrides (such as the Explorer's sortFn) are not run: "+YAMLConfigFile+"'s settings and the Explorer's default order used")
			break
		}
	}
	return nil
}
