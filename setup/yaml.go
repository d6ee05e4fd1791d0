// Package setup holds what is decided before a game starts: board sections
// and layouts, tile and card catalogs as embedded data, loaders for the
// files people write by hand, and new-game configuration.
package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"go.yaml.in/yaml/v3"
)

// MaxFileSize caps every file rumref reads (saves, sheets, card files).
const MaxFileSize = 4 << 20

// DecodeYAML decodes one YAML document strictly into v: unknown fields are
// errors, and errors name the line at fault. It is the only place the YAML
// library decodes.
func DecodeYAML(data []byte, v any) error {
	if len(data) > MaxFileSize {
		return fmt.Errorf("the file is %d bytes; rumref reads at most %d", len(data), MaxFileSize)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("the file is empty")
		}
		return fmt.Errorf("%s", cleanYAMLError(err))
	}
	var extra any
	if err := dec.Decode(&extra); err == nil {
		return errors.New("the file holds more than one YAML document; keep only one")
	}
	return nil
}

// EncodeYAML encodes v as YAML with two-space indentation.
func EncodeYAML(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func cleanYAMLError(err error) string {
	s := err.Error()
	return string(bytes.TrimPrefix([]byte(s), []byte("yaml: ")))
}
