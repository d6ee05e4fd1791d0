package journal

// RunnerSetup stands in for the Rum Runner setup until that game lands.
type RunnerSetup struct {
	Crown  string `yaml:"crown"`
	Pirate string `yaml:"pirate"`
}
