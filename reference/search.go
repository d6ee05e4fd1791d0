package reference

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"rumref/locale"
)

// Result is one entry found by Search, with how well it matched.
type Result struct {
	// Entry is the matching entry.
	Entry Entry `json:"entry"`
	// Score ranks results; higher is better. Only the order is meaningful.
	Score float64 `json:"score"`
}

// Field weights: a word in an entry's ID, title or tags says far more about
// what the entry is for than a word somewhere in its text.
const (
	weightName  = 3.0
	weightTopic = 1.5
	weightText  = 1.0
	// minShare drops results scoring below this share of the best one.
	minShare = 0.2
)

// stopwords carry no meaning in a table question ("can I use rum on the
// scorpion roll?" is about rum, scorpion and roll).
var stopwords = []string{
	"a", "about", "an", "and", "any", "are", "as", "at", "be", "by", "can", "could",
	"do", "does", "did", "for", "from", "get", "gets", "happen", "happens", "have",
	"has", "how", "i", "if", "many", "much", "in", "is", "it", "its", "me", "my", "of", "on", "or",
	"rule", "rules", "should", "so", "that", "the", "their", "them", "then", "there",
	"this", "to", "us", "was", "we", "what", "whats", "when", "where", "which", "who",
	"whose", "why", "will", "with", "work", "works", "you", "your",
}

// stopwordsDE are the German ones ("darf ich bei der Rangelei Rum
// benutzen" is about Rangelei, Rum and benutzen); "die" is left out, as it
// is also the die.
var stopwordsDE = []string{
	"aber", "als", "am", "auch", "auf", "bei", "beim", "bin", "dann", "darf", "das", "dass",
	"dem", "den", "der", "des", "dich", "dir", "du", "ein", "eine", "einem", "einen", "einer",
	"eines", "er", "es", "für", "gibt", "hat", "habe", "hast", "ich", "ihr", "im", "ist", "kann",
	"man", "mein", "meine", "mich", "mir", "mit", "muss", "nach", "oder", "sich", "sie", "sind",
	"soll", "um", "und", "vom", "von", "wann", "warum", "welche", "welcher", "welches", "wenn",
	"wer", "wie", "wird", "wo", "zu", "zum", "zur",
}

// index is the search index, built once from the rules' words in every
// language.
type index struct {
	rules []placed
	// weights[i] maps a stemmed word to its weight in rule i.
	weights []map[string]float64
	// idf maps a stemmed word to its inverse document frequency.
	idf map[string]float64
	// vocab lists every stemmed word in a fixed order for fuzzy matching.
	vocab []string
	// titles holds each rule's titles, one per language, as normalized
	// words.
	titles [][]string
	// names holds each entry's ID without the game prefix, and the ID's
	// last part, as normalized words ("wrangle ti" and "ti").
	names [][2]string
}

// idWords splits an ID into its words.
var idWords = strings.NewReplacer(".", " ", "-", " ")

func buildIndex(rules []placed) *index {
	ix := &index{rules: rules, idf: map[string]float64{}}
	df := map[string]int{}
	for _, r := range rules {
		w := map[string]float64{}
		add := func(text string, weight float64) {
			for _, t := range terms(text) {
				if w[t] < weight {
					w[t] = weight
				}
			}
		}
		add(idWords.Replace(r.ID), weightName)
		var titles []string
		for _, l := range locale.All {
			e := entry(r, l)
			e.Title, e.Topic, e.Text = locale.Unmark(e.Title), locale.Unmark(e.Topic), locale.Unmark(e.Text)
			add(e.Title, weightName)
			add(locale.Unmark(strings.Join(e.Tags, " ")), weightName)
			add(e.Topic, weightTopic)
			body := e.Text + " " + locale.Unmark(e.Example) + " " + locale.Unmark(e.Reason)
			counts := map[string]int{}
			for _, t := range terms(body) {
				counts[t]++
			}
			for t, n := range counts {
				// Repeated words in the text add a little, up to a cap.
				v := weightText + 0.1*float64(min(n-1, 3))
				if w[t] < v {
					w[t] = v
				} else if w[t] >= weightName {
					w[t] += 0.1 * float64(min(n, 3))
				}
			}
			titles = append(titles, strings.Join(terms(e.Title), " "))
		}
		for t := range w {
			df[t]++
		}
		ix.weights = append(ix.weights, w)
		ix.titles = append(ix.titles, titles)
		name := r.ID[strings.Index(r.ID, ".")+1:]
		tail := name[strings.LastIndex(name, ".")+1:]
		ix.names = append(ix.names, [2]string{
			strings.Join(terms(idWords.Replace(name)), " "),
			strings.Join(terms(strings.ReplaceAll(tail, "-", " ")), " "),
		})
	}
	n := float64(len(ix.rules))
	for t, d := range df {
		ix.idf[t] = math.Log(1 + n/float64(d))
		ix.vocab = append(ix.vocab, t)
	}
	slices.Sort(ix.vocab)
	return ix
}

// Search returns the entries that match query, best first. A query that is
// exactly an entry's ID returns that entry alone. Words are matched
// loosely: plurals and other simple endings are ignored, a word of four or
// more letters may be misspelt by one letter (seven or more: two), a word
// of four or more letters may be the start of a longer word, and tags
// supply the other names people use ("bunk", "roll-off", "sting"). The
// words of every language find an entry ("Kneipe" and "pub"); the results
// are in the view's language.
func (v View) Search(query string) []Result {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return nil
	}
	if e, ok := v.Lookup(q); ok {
		return []Result{{Entry: e, Score: math.Inf(1)}}
	}
	ix := v.lib.index()
	qterms := terms(q)
	if len(qterms) == 0 {
		return nil
	}
	type cand struct {
		term    string
		quality float64
	}
	// For each query word, the vocabulary words it matches and how well.
	matches := make([][]cand, len(qterms))
	for i, qt := range qterms {
		_, known := ix.idf[qt]
		if known {
			matches[i] = append(matches[i], cand{qt, 1})
		}
		for _, v := range ix.vocab {
			if v == qt {
				continue
			}
			// A word the reference knows is not taken for a typo of
			// another ("bunk" is not "bank"); it may still start one.
			if known && !strings.HasPrefix(v, qt) && !strings.HasPrefix(qt, v) {
				continue
			}
			if qual := looseMatch(qt, v); qual > 0 {
				matches[i] = append(matches[i], cand{v, qual})
			}
		}
	}
	qtitle := strings.Join(qterms, " ")
	type found struct {
		rule  int
		score float64
	}
	var hits []found
	for i, r := range ix.rules {
		score, hit := 0.0, 0
		for _, ms := range matches {
			best := 0.0
			for _, m := range ms {
				if w, ok := ix.weights[i][m.term]; ok {
					if s := m.quality * w * ix.idf[m.term]; s > best {
						best = s
					}
				}
			}
			if best > 0 {
				hit++
			}
			score += best
		}
		if hit == 0 {
			continue
		}
		// Entries that match every word of the question beat entries that
		// match one word strongly.
		coverage := float64(hit) / float64(len(qterms))
		score *= 0.4 + 0.6*coverage*coverage
		// A ruling refines a rule; for the same words, the rule comes first.
		if r.Settles != "" {
			score *= 0.9
		}
		if ix.names[i][0] == qtitle || ix.names[i][1] == qtitle {
			score += 6
		}
		if slices.Contains(ix.titles[i], qtitle) {
			score += 10
		} else if slices.ContainsFunc(ix.titles[i], func(t string) bool { return strings.Contains(t, qtitle) }) {
			score += 3
		}
		hits = append(hits, found{i, score})
	}
	slices.SortStableFunc(hits, func(a, b found) int { return cmp.Compare(b.score, a.score) })
	// Drop the long tail of entries that matched only a stray word.
	var out []Result
	for _, h := range hits {
		if h.score < hits[0].score*minShare {
			break
		}
		out = append(out, Result{Entry: entry(ix.rules[h.rule], v.lang), Score: h.score})
	}
	return out
}

// looseMatch says how well query word q matches vocabulary word v when they
// are not equal: 0 for no match.
func looseMatch(q, v string) float64 {
	lq, lv := len(q), len(v)
	if lq >= 4 && strings.HasPrefix(v, q) {
		return 0.6
	}
	if lv >= 5 && strings.HasPrefix(q, v) {
		return 0.5
	}
	if lq < 4 || lv < 4 || max(lq, lv)-min(lq, lv) > 2 {
		return 0
	}
	limit := 1
	if lq >= 7 {
		limit = 2
	}
	d := distance(q, v, limit)
	switch {
	case d == 1:
		return 0.6
	case d == 2 && limit >= 2:
		return 0.4
	}
	return 0
}

// terms splits text into lowercase stemmed words without stopwords. A
// hyphenated word also yields its joined form ("roll-off" gives roll, off
// and rolloff).
func terms(text string) []string {
	var out []string
	for _, chunk := range strings.Fields(strings.ToLower(text)) {
		words := strings.FieldsFunc(chunk, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		})
		for _, w := range words {
			// Single letters left by apostrophes ("can't") say nothing;
			// single digits ("2 players") do.
			if len(w) == 1 && !unicode.IsDigit(rune(w[0])) {
				continue
			}
			if !slices.Contains(stopwords, w) && !slices.Contains(stopwordsDE, w) {
				out = append(out, stem(w))
			}
		}
		if len(words) > 1 && strings.Contains(chunk, "-") {
			out = append(out, stem(strings.Join(words, "")))
		}
	}
	return out
}

// stem strips plural and other simple English endings so that "bunks",
// "wrangling" and "wrangled" meet "bunk" and "wrangle".
func stem(w string) string {
	if strings.ContainsFunc(w, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return w
	}
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		w = w[:n-3] + "y"
	case n > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "zes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		w = w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:n-1]
	}
	n = len(w)
	switch {
	case n > 5 && strings.HasSuffix(w, "ing"):
		w = w[:n-3]
	case n > 4 && strings.HasSuffix(w, "ed"):
		w = w[:n-2]
	}
	n = len(w)
	if n > 3 && strings.HasSuffix(w, "e") {
		w = w[:n-1]
	}
	// Doubled final consonants left by -ing and -ed ("stopping").
	n = len(w)
	if n > 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		w = w[:n-1]
	}
	return w
}

// distance is the edit distance between a and b counting a swap of two
// neighbouring letters as one edit; it stops early and returns limit+1
// once the distance must exceed limit.
func distance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
