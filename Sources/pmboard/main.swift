import PMBoardKit

await PMBoardCommand.main()
