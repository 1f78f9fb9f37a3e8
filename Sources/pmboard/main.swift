import PMBoardCLI

// Before anything can open a file (the async runtime opens descriptors too): see guardStandardDescriptors.
PMBoardCommand.guardStandardDescriptors()
await PMBoardCommand.runMain()
