package quartz

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Words are the words of the pages Quartz makes: a folder's page
// ("Folder: Magic"), a tag's ("Tag: spells") and the list of tags ("Tag
// Index"), in the site's locale (quartz/i18n/locales/*.ts,
// pages.folderContent.folder, pages.tagContent.tag and tagIndex).
type Words struct {
	Folder, Tag, TagIndex string
	// Hash: Quartz 4.0.x, before its i18n, titled a tag's page "Tag:
	// #spells" and its list of tags "Tag: #index" (tagPage.tsx: "const
	// title = tag === "" ? "Tag Index" : `Tag: #${tag}`" beside
	// tags.add("index"), so the condition never held).
	Hash bool
}

// locales are the words of the locales found in the Quartz sites read so
// far (Quartz has about 30); en-US for any other, as TRANSLATIONS' default.
var locales = map[string]Words{
	"en-US": {"Folder", "Tag", "Tag Index", false},
	"en-GB": {"Folder", "Tag", "Tag Index", false},
	"de-DE": {"Ordner", "Tag", "Tag-Übersicht", false},
	"fr-FR": {"Dossier", "Étiquette", "Index des étiquettes", false},
	"es-ES": {"Carpeta", "Etiqueta", "Índice de Etiquetas", false},
	"pt-BR": {"Arquivo", "Tag", "Sumário de Tags", false},
	"ja-JP": {"フォルダ", "タグ", "タグ一覧", false},
	"zh-CN": {"文件夹", "标签", "标签索引", false},
}

// WordsFor are the words of locale (quartz.config.ts's locale) in the
// Quartz whose package.json version is version ("" when unknown: the
// newest). Quartz before 4.2 had no i18n: its words were English, with
// 4.0.x's "Tag: #" titles (Words.Hash).
func WordsFor(locale, version string) Words {
	w, ok := locales[locale]
	if !ok {
		w = locales["en-US"]
	}
	if major, minor, ok := majorMinor(version); ok && major == 4 && minor < 2 {
		w = locales["en-US"]
		w.Hash = minor == 0
	}
	return w
}

// TagTitle is the title of the page of tag (as slugTag made it):
// "Tag: spells", or 4.0.x's "Tag: #spells".
func (w Words) TagTitle(tag string) string {
	if w.Hash {
		return w.Tag + ": #" + tag
	}
	return w.Tag + ": " + tag
}

// TagIndexTitle is the title of the list of tags: "Tag Index", or
// 4.0.x's "Tag: #index".
func (w Words) TagIndexTitle() string {
	if w.Hash {
		return w.TagTitle("index")
	}
	return w.TagIndex
}

// majorMinor reads "4.0.8" as 4 and 0.
func majorMinor(v string) (major, minor int, ok bool) {
	parts := strings.SplitN(strings.TrimPrefix(v, "v"), ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(parts[0])
	b, err2 := strconv.Atoi(parts[1])
	return a, b, err1 == nil && err2 == nil
}

// packageVersion is the version field of dir's package.json, "" when it
// has none or cannot be read (a Quartz site's package.json is Quartz's
// own, "version": "4.0.8").
func packageVersion(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil || len(b) > 1<<20 {
		return ""
	}
	var p struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(b, &p) != nil {
		return ""
	}
	return p.Version
}
